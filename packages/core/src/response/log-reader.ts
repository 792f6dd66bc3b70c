import type { ResponseEvent } from './response-events';

/** A reader's view of its log once attached. */
export type Attachment = {
  history: ResponseEvent[];
  detach(): void;
  readonly closed: boolean;
  readonly error: unknown;
};

/**
 * One reader of an event log (`event-log.ts`): its own queue of picked values (from the replayed
 * history, then from each new event), drained by `next()`. A plain iterator object rather than an
 * async generator: one promise per value instead of a generator's several, and a waiting `next()`
 * is resolved by the event itself.
 */
export class LogReader<Out> implements AsyncGenerator<Out, void, undefined> {
  #queue: Out[] = [];
  #head = 0;
  #pick: (event: ResponseEvent) => Out | undefined;
  #attach: ((reader: LogReader<Out>) => Attachment) | undefined;
  #log: Attachment | undefined;
  #finished = false;
  #waiting: ((result: IteratorResult<Out, void> | Promise<IteratorResult<Out, void>>) => void) | undefined;

  constructor(pick: (event: ResponseEvent) => Out | undefined, attach: (reader: LogReader<Out>) => Attachment) {
    this.#pick = pick;
    this.#attach = attach;
  }

  enqueue(event: ResponseEvent): void {
    const out = this.#pick(event);
    if (out === undefined) return;
    const waiting = this.#waiting;
    if (waiting === undefined) {
      this.#queue.push(out);
      return;
    }
    this.#waiting = undefined;
    waiting({ value: out, done: false });
  }

  /** The log closed (or the reader finished): a waiting `next()` settles. */
  wake(): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.(this.next());
  }

  next(): Promise<IteratorResult<Out, void>> {
    if (this.#attach !== undefined && !this.#finished) {
      const attach = this.#attach;
      this.#attach = undefined;
      this.#log = attach(this);
      const picked: Out[] = [];
      for (const event of this.#log.history) {
        const out = this.#pick(event);
        if (out !== undefined) picked.push(out);
      }
      this.#queue = picked;
    }
    if (!this.#finished && this.#head < this.#queue.length) {
      const value = this.#queue[this.#head++] as Out;
      if (this.#head >= 1024 && this.#head * 2 >= this.#queue.length) {
        this.#queue = this.#queue.slice(this.#head);
        this.#head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    const log = this.#log;
    if (this.#finished || log === undefined || log.closed) {
      const error = this.#finished ? undefined : log?.error;
      this.#finish();
      return error === undefined ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(error);
    }
    return new Promise((resolve) => {
      this.#waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<Out, void>> {
    this.#finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error: unknown): Promise<IteratorResult<Out, void>> {
    this.#finish();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): AsyncGenerator<Out, void, undefined> {
    return this;
  }

  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#attach = undefined;
    this.#queue = [];
    this.#head = 0;
    this.#log?.detach();
    this.wake();
  }
}
