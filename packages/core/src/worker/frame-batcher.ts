/** Milliseconds between two batches by default: one 60 Hz frame. */
export const DEFAULT_FRAME_MS = 16;

/**
 * Gathers items and hands them on at most once per frame: the first push schedules a flush
 * `frameMs` later; pushes until then join it. `flush()` sends what is waiting at once (used at the end).
 */
export class FrameBatcher<Item> {
  #pending: Item[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (items: Item[]) => void,
    private readonly frameMs: number = DEFAULT_FRAME_MS,
  ) {}

  push(item: Item): void {
    this.#pending.push(item);
    this.#timer ??= setTimeout(() => this.flush(), this.frameMs);
  }

  flush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length === 0) return;
    const items = this.#pending;
    this.#pending = [];
    this.send(items);
  }
}
