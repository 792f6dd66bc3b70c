/** Milliseconds between two batches by default: one 60 Hz frame. */
export const DEFAULT_FRAME_MS = 16;

/**
 * Gathers text and hands it on at most once per frame: the first push schedules a flush `frameMs`
 * later; pushes until then join it. `flush()` sends what is waiting at once (used at the end).
 */
export class FrameBatcher {
  #pending = '';
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (text: string) => void,
    private readonly frameMs: number = DEFAULT_FRAME_MS,
  ) {}

  push(text: string): void {
    if (text === '') return;
    this.#pending += text;
    this.#timer ??= setTimeout(() => this.flush(), this.frameMs);
  }

  flush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending === '') return;
    const text = this.#pending;
    this.#pending = '';
    this.send(text);
  }
}
