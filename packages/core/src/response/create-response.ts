import { checkFunction, checkString } from '../errors/check-argument';
import { AbortError, FieldstreamError } from '../errors/errors';
import { formatDefinition } from '../formats/format-registry';
import type { StreamingData } from '../patch/streaming-data';
import { type OutputDefinition, resolveOutput } from '../schema/define-output';
import type { FormatOption } from '../schema/select-format';
import { checkResponseOptions, checkValidator } from './check-response-options';
import { offerChunks } from './chunk-source';
import { EventLog, type LogEvent } from './event-log';
import type { ObservationEvent } from './observation-events';
import { ReplayLog } from './replay-log';
import type { ResponseEvent, ResponseSource, ResponseStatus } from './response-events';
import { DEFAULT_MAX_DEPTH } from './response-limits';
import type { ResponseMeta } from './response-meta';
import type { CreateResponseOptions } from './response-options';
import { initialParts, requirementsFor, resolveRequestedFormat, startFormat } from './response-prompt';
import { resolveRetryPolicy } from './retry-policy';
import { runResponse, type Settlement } from './run-response';
import type { Validator } from './validation/validator';

/** One model response: streamed patches, text, validated data, retries, abort. */
export type ModelResponse<Data = unknown> = ResponseSource<Data> & {
  /**
   * Field-level patches of every attempt. A consumer that joins late first gets the history so
   * far in compact form (each path's deltas coalesced into one), then every new patch. Starts the response.
   */
  instant(): AsyncGenerator<StreamingData, void, undefined>;
  /**
   * Answer text chunks of every attempt (reasoning split off); a late consumer gets each
   * attempt's text so far as one chunk. Starts the response.
   */
  deltas(): AsyncGenerator<string, void, undefined>;
  /** The validated data (cached: one request pipeline however often it is called). Starts the response. */
  getData(): Promise<Data>;
  /** The final attempt's answer text, once the response settles. Starts the response. */
  getText(): Promise<string>;
  /** Merged provider meta plus format, repair, attempts, usage and status, once settled. */
  getMeta(): Promise<ResponseMeta>;
  /** The observation log (live). */
  readonly events: readonly ObservationEvent[];
  /** Follows the observation log, replaying it first. Returns an unsubscribe. */
  observe(listener: (event: ObservationEvent) => void): () => void;
  /** Registers a validator; runs before the per-call ones. Only before the response starts. */
  validate(validator: Validator<Data>): ModelResponse<Data>;
  /** Starts the response without consuming it (idempotent). */
  start(): void;
  /** Aborts: the model's stream is closed, consumers get an `AbortError`, nothing more is emitted. */
  abort(reason?: string): void;
  readonly status: ResponseStatus;
  /** The current attempt (0 first). */
  readonly attempt: number;
};

/**
 * Creates a model response (DESIGN.md §3–§4). Nothing is requested until a consumer starts it:
 * `instant()`, `deltas()`, `getData()`, `getText()`, `getMeta()` or `start()`. The model's stream is
 * parsed once per attempt however many consumers read it.
 */
export function createResponse<Data = unknown>(options: CreateResponseOptions<Data>): ModelResponse<Data> {
  checkResponseOptions(options);
  const maxRetries = options.maxRetries ?? 3;
  const output = resolveOutput(options.output) as OutputDefinition | undefined;
  const requestedFormat: FormatOption = resolveRequestedFormat(options.format, output, options.responseFormat);
  // A format named (or picked by auto) but not available fails here, not later inside a stream.
  formatDefinition(
    startFormat(requestedFormat, output),
    options.formats,
    'createResponse options.format',
    requestedFormat === 'auto',
  );
  const log = new EventLog();
  const observations = new ReplayLog<ObservationEvent>();
  const controller = new AbortController();
  const aborted = new Promise<void>((resolve) => {
    controller.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  const chain: Validator<Data>[] = [];
  let status: ResponseStatus = 'idle';
  let attempt = 0;
  let running: Promise<Settlement> | undefined;
  let settled: Settlement | undefined;
  let abortError: AbortError | undefined;
  let dataPromise: Promise<Data> | undefined;

  const emit = (event: LogEvent): void => {
    if (log.closed) return;
    if (event.type === 'status') status = event.status;
    else if (event.type === 'attempt') attempt = event.attempt;
    log.push(event);
  };

  const run = async (): Promise<Settlement> => {
    const { responseFormat } = options;
    const contract = responseFormat ? await import('./output-contract-stage') : undefined;
    const plan =
      contract && responseFormat
        ? contract.planResponse(options.capabilities, responseFormat, output !== undefined)
        : undefined;
    if (contract && plan?.action === 'rejected') return rejectPlan(contract.rejectedPlanError(plan));
    const format = startFormat(requestedFormat, output);
    return runResponse({
      model: options.model,
      input: options.input,
      system: options.system,
      output,
      maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
      formats: options.formats,
      requestedFormat,
      format,
      maxRetries,
      retry: resolveRetryPolicy(options.retry),
      raiseEnsureFailure: options.raiseEnsureFailure ?? true,
      ensureAllKeys: options.ensureAllKeys ?? false,
      plan,
      checkContract: plan && contract ? (text) => contract.validateOutputContract(plan, text) : undefined,
      validators: [...chain, ...validatorList(options.validate)] as Validator<never>[],
      parts: initialParts(options.input, options.instruct, requirementsFor(format, output, plan, options.formats)),
      settings: { ...options.settings },
      signal: controller.signal,
      emit,
      observe: (event) => observations.push(event),
    });
  };

  const rejectPlan = (error: FieldstreamError): Settlement => {
    emit({ type: 'error', attempt: 0, error });
    emit({ type: 'status', attempt: 0, status: 'error' });
    observations.push({ type: 'model.failed', attempt: 0, error });
    return { kind: 'error', error, requestFailed: false };
  };

  const begin = (): Promise<Settlement> => {
    running ??= (async () => {
      let settlement: Settlement;
      try {
        settlement = await run();
      } catch (error) {
        // A bug or a broken format (e.g. instructions that throw): report it, never hang.
        const failure =
          error instanceof FieldstreamError
            ? error
            : new FieldstreamError('RESPONSE_FAILED', String((error as Error)?.message ?? error), { cause: error });
        emit({ type: 'error', attempt, error: failure });
        emit({ type: 'status', attempt, status: 'error' });
        settlement = { kind: 'error', error: failure, requestFailed: false };
      }
      if (controller.signal.aborted) settlement = { kind: 'aborted' };
      settled = settlement;
      options.signal?.removeEventListener('abort', onExternalAbort);
      if (settlement.kind === 'error' && settlement.requestFailed) log.close(settlement.error);
      else log.close();
      observations.close();
      return settlement;
    })();
    return running;
  };

  /** Settles at once on abort, even while a validator or the model is still busy. */
  const settlement = (): Promise<Settlement> =>
    Promise.race([begin(), aborted.then((): Settlement => ({ kind: 'aborted' }))]);

  const abort = (reason?: string): void => {
    if (reason !== undefined) checkString('abort reason', reason);
    if (settled !== undefined || controller.signal.aborted) return;
    abortError = new AbortError(reason ?? 'The response was aborted', { attempt });
    controller.abort(abortError);
    emit({ type: 'status', attempt, status: 'aborted' });
    emit({ type: 'aborted', attempt });
    observations.push({ type: 'model.aborted', attempt });
    log.close(abortError);
    observations.close();
    running ??= Promise.resolve<Settlement>({ kind: 'aborted' });
  };
  const onExternalAbort = (): void => abort(abortReason(options.signal));
  if (options.signal?.aborted === true) abort(abortReason(options.signal));
  else options.signal?.addEventListener('abort', onExternalAbort, { once: true });

  const response: ModelResponse<Data> = {
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
      const outcome = await settlement();
      if (outcome.kind === 'aborted') throw abortError;
      if (outcome.kind === 'error' && outcome.requestFailed) throw outcome.error;
      return log.lastText();
    },
    async getMeta() {
      const outcome = await settlement();
      const facts = log.facts();
      // Loaded on demand (decision 0013): a response whose meta nobody asks for never bundles it.
      const meta = await import('./response-meta');
      return meta.deriveMeta(facts, requestedFormat, outcome.kind);
    },
    get events() {
      return observations.items;
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
    subscribeBatches: (listener) => {
      checkFunction('subscribeBatches listener', listener);
      return log.subscribeBatches(listener as (events: readonly ResponseEvent[]) => void);
    },
    validate(validator) {
      checkValidator('validate validator', validator);
      if (running !== undefined) {
        throw new FieldstreamError('RESPONSE_STARTED', 'validate() must be called before the response starts');
      }
      chain.push(validator);
      return response;
    },
    start() {
      begin();
    },
    abort,
    get status() {
      return status;
    },
    get attempt() {
      return attempt;
    },
  };
  offerChunks(response, (listener) => log.subscribeChunks(listener));
  return response;
}

function validatorList<Data>(validate: CreateResponseOptions<Data>['validate']): Validator<Data>[] {
  if (validate === undefined) return [];
  return typeof validate === 'function' || !Array.isArray(validate)
    ? [validate as Validator<Data>]
    : [...(validate as readonly Validator<Data>[])];
}

function abortReason(signal: AbortSignal | undefined): string | undefined {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason.message;
  return typeof reason === 'string' ? reason : undefined;
}
