/**
 * The part of a field store the panel reads: its subscription. The panel subscribes as a UI does,
 * reading on its own schedule (`onPending`), so watching a store never changes when it applies its
 * chunks: a plain subscriber would make every chunk an update of its own.
 */
export type WatchedStore = {
  subscribe(listener: () => void, options?: { onPending?: () => void }): () => void;
};

/** A store's updates counted per animation frame. */
export type StoreFrames = {
  readonly label: string;
  /** Updates in each frame that had one or more, the latest {@link MAX_FRAMES}. */
  readonly frames: readonly number[];
  stop(): void;
};

const MAX_FRAMES = 600;

/** The panel counts the updates the store's readers make: it never reads the store itself. */
function waitForReaders(): void {}

/**
 * Counts `store`'s updates per animation frame: the first update of a frame asks for the frame,
 * which closes the count (no frame is asked for while the store is quiet). `onFrame` is called
 * after each counted frame.
 */
export function watchStoreFrames(store: WatchedStore, label: string, onFrame: () => void): StoreFrames {
  const frames: number[] = [];
  let count = 0;
  let frame: number | undefined;
  const unsubscribe = store.subscribe(
    () => {
      count += 1;
      frame ??= requestAnimationFrame(() => {
        frame = undefined;
        if (frames.length === MAX_FRAMES) frames.shift();
        frames.push(count);
        count = 0;
        onFrame();
      });
    },
    { onPending: waitForReaders },
  );
  return {
    label,
    frames,
    stop() {
      unsubscribe();
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
    },
  };
}
