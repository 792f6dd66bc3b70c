import { checkFunction, checkObject, checkOptionalFiniteNumber, checkOptionalObject } from '../errors/check-argument';
import { coalesceDeltas } from './patch-codec';
import type { PatchStreamInput } from './patch-stream-input';
import type { WireEvent } from './wire-events';
import { metaEvent, type WireWriterOptions, writeWireEvents } from './wire-writer';

/** Milliseconds between two batches by default: one 60 Hz frame. */
export const DEFAULT_FRAME_MS = 16;

/** How a response's wire events are gathered into batches. */
export type WireBatchOptions = WireWriterOptions & {
  /**
   * The least time between two batches, in milliseconds (default 16: one frame). A batch ready
   * sooner waits, gathering what comes meanwhile; the first batch and the last go out at once.
   * `0` sends what each turn of the event loop gathered.
   */
  frameMs?: number;
};

/**
 * A response's wire events in batches, one batch per `next()`: what the response emitted since the
 * last call (at least one event, waiting until there is one), runs of deltas merged; `undefined`
 * once it settled and everything was handed out. The one batching loop of everything that sends a
 * response elsewhere: `toPatchStream` (one SSE message per batch), `patchStreamMessages` (one log
 * entry per batch) and the Worker host (one message per batch).
 */
export type WireBatches = {
  next(): Promise<WireEvent[] | undefined>;
  /** Stops following the response (it keeps running). */
  stop(): void;
};

/**
 * Checks its arguments as `where` (`toPatchStream`, `patchStreamMessages`), then follows the
 * response; `connections` (for `recordResponse` only) keeps the reading side's connection events.
 */
export function followWireBatches(
  where: string,
  response: PatchStreamInput,
  options: WireBatchOptions,
  connections = false,
): WireBatches {
  checkObject(`${where} response`, response);
  for (const method of ['subscribe', 'observe', 'getData', 'start', 'abort'] as const)
    checkFunction(`${where} response.${method}`, response[method]);
  checkOptionalObject(`${where} options`, options);
  checkOptionalFiniteNumber(`${where} options.frameMs`, options.frameMs);
  const frameMs = options.frameMs ?? DEFAULT_FRAME_MS;
  let queue: WireEvent[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  let sentAt = Number.NEGATIVE_INFINITY;
  const stop = writeWireEvents(response, { ...options, connections }, (event) => {
    queue.push(event);
    wake?.();
  });
  const ended = response
    .getData()
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => metaEvent(response))
    .then((meta) => {
      if (meta !== undefined) queue.push(meta);
      settled = true;
      wake?.();
    });
  return {
    async next() {
      while (queue.length === 0 && !settled) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      // A reader pays per message, not per byte: a batch ready within a frame of the last one waits
      // out that frame (or the end), so at high token rates a reader handles a frame's events once.
      const hold = sentAt + frameMs - performance.now();
      if (hold > 0 && !settled) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, hold)))]);
        clearTimeout(timer);
      }
      // Gather what the same turn of the event loop adds, then hand it out as one batch.
      await Promise.resolve();
      if (queue.length === 0) {
        stop();
        return undefined;
      }
      const batch = coalesceDeltas(queue);
      queue = [];
      sentAt = performance.now();
      return batch;
    },
    stop,
  };
}
