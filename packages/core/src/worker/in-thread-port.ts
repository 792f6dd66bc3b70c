import type { MainMessage, MessagePortLike, WorkerMessage } from './protocol';

type Listener<Message> = (event: { data: Message }) => void;

/**
 * One end of an in-thread channel: messages are delivered in a later task, in the order they were
 * sent, like `postMessage`. The order needs a queue: browsers clamp a nested `setTimeout(…, 0)` to
 * 4 ms, so one timer per message let a message sent from a timer arrive after later ones (the
 * last patches of an answer after its `close`, which dropped them).
 */
class InThreadEnd<In, Out> implements MessagePortLike<In, Out> {
  readonly listeners = new Set<Listener<In>>();
  /** Messages sent before anyone listened here (the host module is still loading). */
  readonly waiting: In[] = [];
  other: InThreadEnd<Out, In> | undefined;
  /** Sent from this end, not yet delivered: one timer delivers them all, in order. */
  #outbox: Out[] = [];

  postMessage(message: Out): void {
    this.#outbox.push(message);
    if (this.#outbox.length === 1) setTimeout(() => this.#flush(), 0);
  }

  #flush(): void {
    const other = this.other as InThreadEnd<Out, In>;
    const messages = this.#outbox;
    this.#outbox = [];
    for (const message of messages) other.deliver(message);
  }
  deliver(message: In): void {
    if (this.listeners.size === 0) this.waiting.push(message);
    for (const listener of [...this.listeners]) listener({ data: message });
  }
  addEventListener(_type: 'message', listener: Listener<In>): void {
    this.listeners.add(listener);
    for (const message of this.waiting.splice(0)) this.deliver(message);
  }
  removeEventListener(_type: 'message', listener: Listener<In>): void {
    this.listeners.delete(listener);
  }
}

/**
 * A channel whose two ends live on this thread: the main end for `createWorkerResponse`, the
 * worker end for `serveWorkerResponses`. The fallback where `Worker` is unavailable, so both paths
 * share the protocol.
 */
export function inThreadChannel(): {
  main: MessagePortLike<WorkerMessage, MainMessage>;
  worker: MessagePortLike<MainMessage, WorkerMessage>;
} {
  const main = new InThreadEnd<WorkerMessage, MainMessage>();
  const worker = new InThreadEnd<MainMessage, WorkerMessage>();
  main.other = worker;
  worker.other = main;
  return { main, worker };
}
