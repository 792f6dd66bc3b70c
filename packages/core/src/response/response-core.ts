import { checkFunction, checkString } from '../errors/check-argument';
import { errorMessage } from '../errors/error-message';
import { AbortError, FieldstreamError } from '../errors/errors';
import type { StreamingData } from '../patch/streaming-data';
import type { FormatOption } from '../schema/select-format';
import type { ToolCall } from '../tools/tool-calls';
import { onAbort } from '../transport/abort';
import { announceResponse } from './announce-response';
import { EventLog, type LogEvent } from './event-log';
import type { ObservationEvent } from './observation-events';
import { ReplayLog } from './replay-log';
import type { ResponseEvent, ResponseSource, ResponseStatus } from './response-events';
import type { ResponseMeta } from './response-meta';
import type { SettledReads } from './settled-reads';

/** How a response ended. */
export type Settlement =
  | { kind: 'done'; data: unknown }
  | { kind: 'error'; error: unknown; requestFailed: boolean }
  | { kind: 'aborted' };

/**
 * Where a source reports to: the response's event log (`emit`; status, attempt, text and meta are
 * derived from it) and its observation log (`observe`). `signal` aborts when the response does.
 */
export type ResponseSink = {
  emit(event: LogEvent): void;
  observe(event: ObservationEvent): void;
  readonly signal: AbortSignal;
};

/**
 * What makes a response's events: the model and the parser in this page (`runResponse`), a decoded
 * patch stream, or a worker's messages. Runs once, when the response starts; never needs to
 * reject (a throw becomes a `RESPONSE_FAILED` error).
 */
export type ResponseRun = (sink: ResponseSink) => Promise<Settlement>;

/**
 * The read surface every response has, wherever it runs (docs/architecture.md §5): in the page
 * (`createResponse`), over the wire (`fromPatchStream`) or in a Worker (`createWorkerResponse`).
 * `Data` is what `getData()` resolves: the schema's output.
 */
export type StreamedResponse<Data = unknown, Input = unknown> = ResponseSource<Data, Input> &
  Required<Pick<ResponseSource<Data>, 'subscribeChunks'>> & {
    /**
     * Field-level patches of every attempt. A consumer that joins late first gets the history so
     * far in compact form (each path's deltas coalesced into one), then every new patch. Starts the response.
     */
    instant(): AsyncGenerator<StreamingData, void, undefined>;
    /**
     * Answer text chunks of every attempt (reasoning split off); a late consumer gets each
     * attempt's text so far as one chunk. Starts the response. Over the wire only with `text: true`.
     */
    deltas(): AsyncGenerator<string, void, undefined>;
    /** The validated data (cached: one request pipeline however often it is called). Starts the response. */
    getData(): Promise<Data>;
    /** The final attempt's answer text, once the response settles. Starts the response. */
    getText(): Promise<string>;
    /**
     * The tool calls of the final attempt with their parsed arguments, once the response settles
     * (`[]` when the model called none). Fieldstream never executes them. Starts the response.
     */
    getToolCalls(): Promise<ToolCall[]>;
    /** Merged provider meta plus format, repair, attempts, usage and status, once settled. Starts the response. */
    getMeta(): Promise<ResponseMeta>;
    /** The observation log (live). Over the wire: without prompts and answer texts. */
    readonly events: readonly ObservationEvent[];
    /** Follows the observation log, replaying it first. Returns an unsubscribe. */
    observe(listener: (event: ObservationEvent) => void): () => void;
    /** Starts the response without consuming it (idempotent). */
    start(): void;
    /**
     * Aborts: the model's stream (or the connection, or the worker's response) is closed, consumers
     * get an `AbortError`, nothing more is emitted. Emits `status: aborted`, then `aborted`.
     */
    abort(reason?: string): void;
    readonly status: ResponseStatus;
    /** The current attempt (0 first). */
    readonly attempt: number;
  };

export type ResponseCoreOptions = {
  run: ResponseRun;
  /** Aborts like `abort()`; its reason (an `Error`'s message, or a string) becomes the `AbortError`'s message. */
  signal?: AbortSignal;
  /** The format the caller asked for, reported by `getMeta()`. */
  requestedFormat?: FormatOption;
  /**
   * `response/settled-reads.ts`: the module itself, or a loader of it. `createResponse` and
   * `createWorkerResponse` load it (their bundles load other stages on demand anyway);
   * `fromPatchStream` passes the module, so its bundle has no dynamic import, and no preload helper
   * with it (decision 0013).
   */
  settledReads: SettledReads | (() => Promise<SettledReads>);
};

/** A response and what only its maker may ask: whether it has started. */
export type ResponseCore<Data> = { response: StreamedResponse<Data>; started(): boolean };

/**
 * The one life cycle of a response (docs/decisions/0021-one-response-core.md): status, attempts,
 * settling, abort, the event log and the observation log. Nothing runs until a consumer starts it
 * (`instant()`, `deltas()`, `getData()`, `getText()`, `getMeta()`, `start()`); `subscribe` and
 * `subscribeChunks` only listen.
 */
export function createResponseCore<Data>(options: ResponseCoreOptions): ResponseCore<Data> {
  const log = new EventLog();
  const observations = new ReplayLog<ObservationEvent>();
  const controller = new AbortController();
  const aborted = new Promise<void>((resolve) => {
    onAbort(controller.signal, resolve);
  });
  const progress: Progress = { status: 'idle', attempt: 0 };
  let running: Promise<Settlement> | undefined;
  let settled: Settlement | undefined;
  let abortError: AbortError | undefined;
  let dataPromise: Promise<Data> | undefined;
  const reads = options.settledReads;
  const settledReads = async (): Promise<SettledReads> => (typeof reads === 'function' ? reads() : reads);

  const emit = (event: LogEvent): void => {
    if (log.closed) return;
    if (event.type === 'status') progress.status = event.status;
    else if (event.type === 'attempt') progress.attempt = event.attempt;
    log.push(event);
  };
  const observe = (event: ObservationEvent): void => observations.push(event);
  const sink: ResponseSink = { emit, observe, signal: controller.signal };

  const begin = (): Promise<Settlement> => {
    running ??= (async () => {
      let settlement: Settlement;
      try {
        settlement = await options.run(sink);
      } catch (error) {
        // A bug or a broken format (e.g. instructions that throw): report it, never hang.
        const failure =
          error instanceof FieldstreamError
            ? error
            : new FieldstreamError('RESPONSE_FAILED', errorMessage(error), { cause: error });
        const { attempt } = progress;
        emit({ type: 'error', attempt, error: failure });
        emit({ type: 'status', attempt, status: 'error' });
        settlement = { kind: 'error', error: failure, requestFailed: false };
      }
      if (controller.signal.aborted) settlement = { kind: 'aborted' };
      else if (settlement.kind === 'aborted')
        abortError ??= new AbortError('The response was aborted', { attempt: progress.attempt });
      settled = settlement;
      stopWatchingSignal();
      if (settlement.kind === 'error' && settlement.requestFailed) log.close(settlement.error);
      else if (settlement.kind === 'aborted') log.close(abortError);
      else log.close();
      observations.close();
      return settlement;
    })();
    return running;
  };

  /** Settles at once on abort, even while a validator or the source is still busy. */
  const settlement = (): Promise<Settlement> =>
    Promise.race([begin(), aborted.then((): Settlement => ({ kind: 'aborted' }))]);

  /** Settles, then throws when nothing the response streamed can be read: aborted, or its request failed. */
  const readable = async (): Promise<void> => {
    const outcome = await settlement();
    if (outcome.kind === 'aborted') throw abortError;
    if (outcome.kind === 'error' && outcome.requestFailed) throw outcome.error;
  };

  const abort = (reason?: string): void => {
    if (reason !== undefined) checkString('abort reason', reason);
    if (settled !== undefined || controller.signal.aborted) return;
    const { attempt } = progress;
    abortError = new AbortError(reason ?? 'The response was aborted', { attempt });
    controller.abort(abortError);
    emit({ type: 'status', attempt, status: 'aborted' });
    emit({ type: 'aborted', attempt });
    observe({ type: 'model.aborted', attempt });
    log.close(abortError);
    observations.close();
    running ??= Promise.resolve<Settlement>({ kind: 'aborted' });
  };
  const stopWatchingSignal = onAbort(options.signal, () => abort(abortReason(options.signal)));

  // The methods are own properties (closures: a method read off the response still works); the
  // getters live on a prototype, never in this literal (see ResponseReads).
  const methods: Omit<StreamedResponse<Data>, keyof ResponseReads> = {
    instant: () => log.read('patch', begin),
    deltas: () => log.read('text', begin),
    getData() {
      dataPromise ??= settlement().then((outcome) => {
        if (outcome.kind === 'done') return outcome.data as Data;
        throw outcome.kind === 'aborted' ? abortError : outcome.error;
      });
      return dataPromise;
    },
    async getText() {
      await readable();
      return log.lastText();
    },
    async getToolCalls() {
      await readable();
      return (await settledReads()).toolCallsOf(log.replay());
    },
    async getMeta() {
      const outcome = await settlement();
      const facts = log.facts();
      return (await settledReads()).deriveMeta(facts, options.requestedFormat ?? 'json', outcome.kind);
    },
    observe: (listener) => {
      checkFunction('observe listener', listener);
      return observations.subscribe(listener);
    },
    // The log is untyped; its one `final` event carries the validated data, which is `Data`.
    subscribe: (listener) => {
      checkFunction('subscribe listener', listener);
      return log.subscribe(listener as (event: ResponseEvent) => void);
    },
    subscribeChunks: (listener) => {
      checkFunction('subscribeChunks listener.events', listener?.events);
      checkFunction('subscribeChunks listener.patches', listener.patches);
      return log.subscribeChunks(listener as Parameters<EventLog['subscribeChunks']>[0]);
    },
    start() {
      begin();
    },
    abort,
  };
  const response: StreamedResponse<Data> = Object.assign(new ResponseReads(progress, observations), methods);
  // Every response is made here (in the page, over the wire, from a Worker, replayed): one place
  // tells a devtools panel that asked about it.
  return { response: announceResponse(response), started: () => running !== undefined };
}

/** Where a response is: written by the core's `emit`, read through `ResponseReads`. */
type Progress = { status: ResponseStatus; attempt: number };

/**
 * A response's `status`, `attempt` and `events`, as getters on this class's prototype, not in the
 * response's object literal: getters there are closures over the whole response (its log, its
 * data), and V8 keeps every ended response's state alive through young-generation collections
 * until the next full collection, promoting it to the old generation
 * (docs/decisions/0028-no-accessors-in-per-response-literals.md).
 */
class ResponseReads {
  readonly #progress: Progress;
  readonly #observations: ReplayLog<ObservationEvent>;

  constructor(progress: Progress, observations: ReplayLog<ObservationEvent>) {
    this.#progress = progress;
    this.#observations = observations;
  }

  get status(): ResponseStatus {
    return this.#progress.status;
  }

  get attempt(): number {
    return this.#progress.attempt;
  }

  get events(): readonly ObservationEvent[] {
    return this.#observations.items;
  }
}
/** The message an external signal's reason gives an `AbortError`: an `Error`'s message, or a string. */
export function abortReason(signal: AbortSignal | undefined): string | undefined {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return errorMessage(reason);
  return typeof reason === 'string' ? reason : undefined;
}
