import {
  checkFunction,
  checkObject,
  checkOptionalFunction,
  checkOptionalObject,
  checkOptionalSignal,
  invalid,
} from '../errors/check-argument';
import { AbortError, FieldstreamError, TransportError } from '../errors/errors';
import { isolateListener } from '../errors/listener-errors';
import type { StreamingData } from '../patch/streaming-data';
import type { ObservationEvent } from '../response/observation-events';
import type { ResponseEvent, ResponseSource, ResponseStatus } from '../response/response-events';
import { fetchEventStream } from '../transport/fetch-event-stream';
import { PatchDecoder } from './patch-codec';
import { END_EVENT, type WireEvent } from './wire-events';

/** Options of {@link fromPatchStream}. */
export type FromPatchStreamOptions = {
  /** The endpoint that answers with `toPatchStream(response)`. */
  url: string | URL;
  /** `method` (default POST with a body, else GET), `headers`, `body`, `credentials`… */
  init?: Omit<RequestInit, 'signal'>;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** Aborts like `abort()`. */
  signal?: AbortSignal;
};

/** A server-side response read in the browser: the read surface of a `ModelResponse`. */
export type PatchStreamResponse<Data = unknown> = ResponseSource<Data> & {
  /** Field patches of every attempt, replayed from the start. Starts the request. */
  instant(): AsyncGenerator<StreamingData, void, undefined>;
  /** The validated data the server sent. Starts the request. */
  getData(): Promise<Data>;
  /** The server's observation log (without prompts and answer texts), live. */
  readonly events: readonly ObservationEvent[];
  /** Follows the observation log, replaying it first. */
  observe(listener: (event: ObservationEvent) => void): () => void;
  /** Starts the request without consuming it (idempotent). */
  start(): void;
  /** Closes the connection (the server aborts its response); consumers see `aborted`. */
  abort(reason?: string): void;
  readonly status: ResponseStatus;
  readonly attempt: number;
};

/**
 * Reads a patch stream (`toPatchStream` on the server) as a response: `createFieldStore` and every
 * hook work on it unchanged, and nothing is parsed in the browser. Nothing is requested until a
 * consumer subscribes or starts it.
 */
export function fromPatchStream<Data = unknown>(options: FromPatchStreamOptions): PatchStreamResponse<Data> {
  checkObject('fromPatchStream options', options);
  if (typeof options.url !== 'string' && !(options.url instanceof URL))
    throw invalid('fromPatchStream options.url', 'a string or a URL', options.url);
  checkOptionalObject('fromPatchStream options.init', options.init);
  checkOptionalFunction('fromPatchStream options.fetch', options.fetch);
  checkOptionalSignal('fromPatchStream options.signal', options.signal);
  const log: ResponseEvent<Data>[] = [];
  const listeners = new Set<(event: ResponseEvent<Data>) => void>();
  const events: ObservationEvent[] = [];
  const observers = new Set<(event: ObservationEvent) => void>();
  const wakers = new Set<() => void>();
  const controller = new AbortController();
  const decoder = new PatchDecoder();
  let status: ResponseStatus = 'idle';
  let attempt = 0;
  let closed = false;
  let failure: FieldstreamError | undefined;
  let started = false;
  let data: Promise<Data> | undefined;

  const emit = (event: ResponseEvent<Data>) => {
    if (closed) return;
    if (event.type === 'status') status = event.status;
    if (event.type === 'attempt') attempt = event.attempt;
    log.push(event);
    for (const listener of [...listeners]) listener(event);
    for (const wake of [...wakers]) wake();
  };
  const close = (error?: FieldstreamError) => {
    if (closed) return;
    failure = error;
    closed = true;
    for (const wake of [...wakers]) wake();
  };

  const read = async () => {
    const { method, headers, body, ...init } = options.init ?? {};
    try {
      for await (const message of fetchEventStream(options.url, {
        method: method ?? (body === undefined || body === null ? 'GET' : 'POST'),
        headers: headers === undefined ? undefined : Object.fromEntries(new Headers(headers).entries()),
        body: body ?? undefined,
        signal: controller.signal,
        fetch: options.fetch,
        init,
        isEndMessage: (end) => end.event === END_EVENT,
      } as Parameters<typeof fetchEventStream>[1])) {
        if (message.event === END_EVENT) break;
        for (const wire of JSON.parse(message.data) as WireEvent[]) {
          const decoded = decoder.decode(wire);
          if ('event' in decoded) emit(decoded.event as ResponseEvent<Data>);
          else {
            events.push(decoded.observation);
            for (const observer of [...observers]) observer(decoded.observation);
          }
        }
      }
      close();
    } catch (error) {
      if (controller.signal.aborted) return;
      const typed =
        error instanceof FieldstreamError
          ? error
          : new TransportError(String((error as Error)?.message ?? error), 0, '');
      emit({ type: 'error', attempt, error: typed });
      emit({ type: 'status', attempt, status: 'error' });
      close(typed);
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    void read();
  };

  const settledData = (): Promise<Data> =>
    new Promise<Data>((resolve, reject) => {
      const check = () => {
        const final = log.findLast((event) => event.type === 'final');
        const error = log.findLast((event) => event.type === 'error');
        if (final?.type === 'final' && (error === undefined || log.indexOf(error) < log.indexOf(final))) {
          unsubscribe();
          resolve(final.data);
        } else if (error?.type === 'error' && (closed || status === 'error')) {
          unsubscribe();
          reject(error.error);
        } else if (closed) {
          unsubscribe();
          reject(failure ?? new TransportError('The patch stream ended without data', 0, ''));
        }
      };
      const unsubscribe = subscribeWaker(check);
      check();
    });
  const subscribeWaker = (wake: () => void) => {
    wakers.add(wake);
    return () => wakers.delete(wake);
  };

  const onExternalAbort = () => response.abort(String(options.signal?.reason ?? 'The response was aborted'));
  const response: PatchStreamResponse<Data> = {
    subscribe(listener) {
      checkFunction('fromPatchStream subscribe listener', listener);
      const isolated = isolateListener('fromPatchStream subscribe', listener);
      for (const event of [...log]) isolated(event);
      listeners.add(isolated);
      start();
      return () => listeners.delete(isolated);
    },
    async *instant() {
      start();
      let index = 0;
      for (;;) {
        while (index < log.length) {
          const event = log[index++] as ResponseEvent<Data>;
          if (event.type === 'patch') yield event.data;
        }
        if (closed) {
          if (failure !== undefined) throw failure;
          return;
        }
        await new Promise<void>((resolve) => {
          const stop = subscribeWaker(() => {
            stop();
            resolve();
          });
        });
      }
    },
    getData() {
      start();
      data ??= settledData();
      return data;
    },
    get events() {
      return events;
    },
    observe(listener) {
      checkFunction('fromPatchStream observe listener', listener);
      const isolated = isolateListener('fromPatchStream observe', listener);
      for (const event of [...events]) isolated(event);
      observers.add(isolated);
      return () => observers.delete(isolated);
    },
    start,
    abort(reason) {
      if (closed || controller.signal.aborted) return;
      options.signal?.removeEventListener('abort', onExternalAbort);
      emit({ type: 'aborted', attempt });
      emit({ type: 'status', attempt, status: 'aborted' });
      controller.abort(reason);
      close(new AbortError(reason ?? 'The response was aborted'));
    },
    get status() {
      return status;
    },
    get attempt() {
      return attempt;
    },
  };
  if (options.signal?.aborted) onExternalAbort();
  else options.signal?.addEventListener('abort', onExternalAbort, { once: true });
  return response;
}
