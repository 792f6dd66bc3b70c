import { reportListenerError } from '../errors/listener-errors';
/**
 * An append-only log (a response's observation log) that any number of listeners replay from the
 * start: `subscribe` calls back synchronously, history first. Pushes after closing are dropped.
 */
export class ReplayLog<Item> {
  /** Everything pushed so far (live: it grows). */
  readonly items: Item[] = [];
  #listeners = new Set<(item: Item) => void>();
  #closed = false;

  push(item: Item): void {
    if (this.#closed) return;
    this.items.push(item);
    for (const listener of [...this.#listeners]) notify(listener, item);
  }

  /** Ends the log: listeners get nothing more. */
  close(): void {
    this.#closed = true;
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
