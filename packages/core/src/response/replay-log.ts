import { reportListenerError } from '../errors/listener-errors';
/**
 * An append-only log that any number of readers replay from the start: `subscribe` calls back
 * synchronously (history first), `read` is an async iterator. Closing ends readers (or makes
 * them throw `error`); pushes after closing are dropped.
 */
export class ReplayLog<Item> {
  /** Everything pushed so far (live: it grows). */
  readonly items: Item[] = [];
  #listeners = new Set<(item: Item) => void>();
  #wake: (() => void)[] = [];
  #closed = false;
  #error: unknown;

  get closed(): boolean {
    return this.#closed;
  }

  push(item: Item): void {
    if (this.#closed) return;
    this.items.push(item);
    for (const listener of [...this.#listeners]) notify(listener, item);
    this.#wakeReaders();
  }

  /** Ends the log. Readers finish after the last item, or throw `error` when one is given. */
  close(error?: unknown): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#error = error;
    this.#wakeReaders();
  }

  /** Calls `listener` with every item so far, then with each new one. Returns an unsubscribe. */
  subscribe(listener: (item: Item) => void): () => void {
    // Indexed loop: an item pushed by the listener during the replay is replayed too.
    for (let i = 0; i < this.items.length; i++) notify(listener, this.items[i] as Item);
    if (this.#closed) return () => {};
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Iterates every item from the start, selecting with `pick` (undefined skips an item). */
  async *read<Out>(pick: (item: Item) => Out | undefined): AsyncGenerator<Out, void, undefined> {
    let cursor = 0;
    while (true) {
      while (cursor < this.items.length) {
        const out = pick(this.items[cursor++] as Item);
        if (out !== undefined) yield out;
      }
      if (this.#closed) {
        if (this.#error !== undefined) throw this.#error;
        return;
      }
      await new Promise<void>((resolve) => this.#wake.push(resolve));
    }
  }

  #wakeReaders(): void {
    const wake = this.#wake;
    this.#wake = [];
    for (const resolve of wake) resolve();
  }
}

/** Calls a listener; an error it throws is reported outside the current call stack. */
export function notify<Item>(listener: (item: Item) => void, item: Item): void {
  try {
    listener(item);
  } catch (error) {
    // A failing listener must not break the response or other listeners, nor end a Node process
    // as an uncaught exception: it is reported instead.
    reportListenerError('response', error);
  }
}
