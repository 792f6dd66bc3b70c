import type { ResponseEvent } from './response-events';

/** A reader's view of its log once attached. */
export type Attachment = {
  history: ResponseEvent[];
  detach(): void;
  readonly closed: boolean;
  readonly error: unknown;
};

/**
 * One reader of an event log (`event-log.ts`): its own queue (the replayed history, then each new event),
 * drained by `next()`. A plain iterator object rather than an async generator: one promise per
 * event instead of a generator's several.
 */
export class LogReader<Out> implements AsyncGenerator<Out, void, undefined> {
  #queue: ResponseEvent[] = [];
  #head = 0;
  #pick: (event: ResponseEvent) => Out | undefined;
  #attach: ((reader: LogReader<Out>) => Attachment) | undefined;
  #log: Attachment | undefined;
  #finished = false;
  #wake: (() => void) | undefined;

  constructor(pick: (event: ResponseEvent) => Out | undefined, attach: (reader: LogReader<Out>) => Attachment) {
    this.#pick = pick;
    this.#attach = attach;
  }

  enqueue(event: ResponseEvent): void {
    this.#queue.push(event);
    this.wake();
  }

  wake(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  next(): Promise<IteratorResult<Out, void>> {
    if (this.#attach !== undefined && !this.#finished) {
      const attach = this.#attach;
      this.#attach = undefined;
      this.#log = attach(this);
      this.#queue = this.#log.history.concat(this.#queue);
    }
    while (!this.#finished && this.#head < this.#queue.length) {
      const out = this.#pick(this.#queue[this.#head++] as ResponseEvent);
      if (this.#head >= 1024 && this.#head * 2 >= this.#queue.length) {
        this.#queue = this.#queue.slice(this.#head);
        this.#head = 0;
      }
      if (out !== undefined) return Promise.resolve({ value: out, done: false });
    }
    const log = this.#log;
    if (this.#finished || log === undefined || log.closed) {
      const error = this.#finished ? undefined : log?.error;
      this.#finish();
      return error === undefined ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(error);
    }
    return new Promise<void>((resolve) => {
      this.#wake = resolve;
    }).then(() => this.next());
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
