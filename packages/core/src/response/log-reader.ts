import type { StreamingData } from '../patch/streaming-data';
import type { ResponseEvent } from './response-events';

/**
 * A reader's view of its log once attached: `source` is the log itself (its `closed` and `error`
 * are read live). A getter in this literal, closing over the log, would keep the log and everything
 * it holds alive through V8's young-generation collections after it ended
 * (docs/decisions/0028-no-accessors-in-per-response-literals.md).
 */
export type Attachment = {
  history: ResponseEvent[];
  detach(): void;
  source: { readonly closed: boolean; readonly error: unknown };
};

/** What a reader yields: the patches (`instant()`) or the answer text (`deltas()`). */
export type ReaderChannel = 'patch' | 'text';
type ChannelValue<Channel extends ReaderChannel> = Channel extends 'patch' ? StreamingData : string;

/** A reader as its log holds it: the channel tells what `add` takes. */
export type ChannelReader = { enqueue(event: ResponseEvent): void; wake(): void } & (
  | { readonly channel: 'patch'; add(data: StreamingData): void }
  | { readonly channel: 'text'; add(text: string): void }
);

export class LogReader<Channel extends ReaderChannel, Out = ChannelValue<Channel>>
  implements AsyncGenerator<Out, void, undefined>
{
  readonly channel: Channel;
  #queue: Out[] = [];
  #head = 0;
  #attach: ((reader: LogReader<Channel, Out>) => Attachment) | undefined;
  #log: Attachment | undefined;
  #finished = false;
  #waiting: ((result: IteratorResult<Out, void> | PromiseLike<IteratorResult<Out, void>>) => void) | undefined;

  constructor(channel: Channel, attach: (reader: LogReader<Channel, Out>) => Attachment) {
    this.channel = channel;
    this.#attach = attach;
  }

  /** Takes an event of any kind: the reader keeps what its channel yields. */
  enqueue(event: ResponseEvent): void {
    const out = this.#pick(event);
    if (out !== undefined) this.add(out);
  }

  /** Takes a value of the reader's channel (a patch's data, or a text delta). */
  add(out: Out): void {
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
    const log = this.#log?.source;
    if (this.#finished || log === undefined || log.closed) {
      const error = this.#finished ? undefined : log?.error;
      this.#finish();
      return error === undefined ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(error);
    }
    return new Promise(this.#park);
  }

  /** One executor for every wait: a fresh closure per `next()` would be garbage per event. */
  readonly #park = (
    resolve: (result: IteratorResult<Out, void> | PromiseLike<IteratorResult<Out, void>>) => void,
  ): void => {
    this.#waiting = resolve;
  };

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

  #pick(event: ResponseEvent): Out | undefined {
    if (this.channel === 'patch') return event.type === 'patch' ? (event.data as Out) : undefined;
    return event.type === 'text' ? (event.delta as Out) : undefined;
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
