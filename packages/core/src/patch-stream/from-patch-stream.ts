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
import { EventLog } from '../response/event-log';
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
  /** The events of each SSE message together (a bound store updates once per message). */
  subscribeBatches(listener: (events: readonly ResponseEvent<Data>[]) => void): () => void;
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
  // The same compact log as a local response: late subscribers replay coalesced deltas, a store
  // updates once per SSE message, and nothing grows with the number of deltas.
  const log = new EventLog();
  const events: ObservationEvent[] = [];
  const observers = new Set<(event: ObservationEvent) => void>();
  /** `getData()` callers waiting for the outcome: woken by a final, an error, a status or the end. */
  const settleWaiters = new Set<() => void>();
  const controller = new AbortController();
  const decoder = new PatchDecoder();
  let status: ResponseStatus = 'idle';
  let attempt = 0;
  let closed = false;
  let failure: FieldstreamError | undefined;
  let started = false;
  let data: Promise<Data> | undefined;
  // The latest final data and the latest error, and whether that error came after it.
  let final: { data: Data } | undefined;
  let lastError: FieldstreamError | undefined;
  let errorAfterFinal = false;
  /** Patches of one SSE message, sent to the log as one chunk (one store update). */
  let patches: StreamingData[] = [];
  let patchAttempt = 0;

  const flushPatches = () => {
    if (patches.length === 0) return;
    log.push({ type: 'chunk', attempt: patchAttempt, text: '', patches });
    patches = [];
  };
  const emit = (event: ResponseEvent<Data>) => {
    if (closed) return;
    if (event.type === 'patch') {
      if (event.attempt !== patchAttempt) flushPatches();
      patchAttempt = event.attempt;
      patches.push(event.data);
      return;
    }
    flushPatches();
    if (event.type === 'status') status = event.status;
    else if (event.type === 'attempt') attempt = event.attempt;
    else if (event.type === 'final') {
      final = { data: event.data };
      errorAfterFinal = false;
    } else if (event.type === 'error') {
      lastError = event.error;
      errorAfterFinal = true;
    }
    log.push(event as ResponseEvent);
    for (const wake of [...settleWaiters]) wake();
  };
  const close = (error?: FieldstreamError) => {
    if (closed) return;
    flushPatches();
    failure = error;
    closed = true;
    log.close(error);
    for (const wake of [...settleWaiters]) wake();
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
        flushPatches();
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
        if (final !== undefined && !errorAfterFinal) {
          settleWaiters.delete(check);
          resolve(final.data);
        } else if (lastError !== undefined && (closed || status === 'error')) {
          settleWaiters.delete(check);
          reject(lastError);
        } else if (closed) {
          settleWaiters.delete(check);
          reject(failure ?? new TransportError('The patch stream ended without data', 0, ''));
        }
      };
      settleWaiters.add(check);
      check();
    });

  const onExternalAbort = () => response.abort(String(options.signal?.reason ?? 'The response was aborted'));
  const response: PatchStreamResponse<Data> = {
    // The log is untyped; its one `final` event carries the server's data, which is `Data`.
    subscribe(listener) {
      checkFunction('fromPatchStream subscribe listener', listener);
      const unsubscribe = log.subscribe(
        isolateListener('fromPatchStream subscribe', listener as (event: ResponseEvent) => void),
      );
      start();
      return unsubscribe;
    },
    subscribeBatches(listener) {
      checkFunction('fromPatchStream subscribeBatches listener', listener);
      const unsubscribe = log.subscribeBatches(
        isolateListener('fromPatchStream subscribeBatches', listener as (events: readonly ResponseEvent[]) => void),
      );
      start();
      return unsubscribe;
    },
    instant: () => log.read('patch', start),
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
