import { invalid } from '../errors/check-argument';
import { errorMessage } from '../errors/error-message';
import { FieldstreamError, OutputParseError } from '../errors/errors';
import type { StreamParser } from '../formats/create-stream-parser';
import type { FinalParse } from '../formats/format-parser';
import { applyPatch } from '../patch/apply-patch';
import { parsePath } from '../patch/path';
import { pushEach } from '../patch/push-each';
import type { StreamingData } from '../patch/streaming-data';
import type { Model, ModelEvent, ModelRequest } from '../providers/model';
import type { FormatName } from '../schema/select-format';
import { abortable, onAbort } from '../transport/abort';
import type { LogEvent } from './event-log';
import type { FieldChecks } from './field-checks';
import { NativeReasoning } from './native-reasoning';
import { isRetryableRequestError } from './retry-policy';
import type { ToolCallStream } from './tool-call-stream';
import type { FieldRejection } from './validation/field-validator';

export type AttemptStreamOptions = {
  model: Model;
  request: ModelRequest;
  signal: AbortSignal;
  format: FormatName;
  /** The nesting limit of tool-call arguments (the answer's parser has its own). */
  maxDepth?: number | undefined;
  /** A fresh parser for this attempt that reports the answer text it consumes to `onText`. */
  createParser(onText: (text: string) => void): StreamParser;
  /** Receives the attempt's events, provider meta included. */
  emit(event: LogEvent): void;
  /** Judges fields as they close (loading on demand); a rejection stops the stream (docs/decisions/0022-validate-while-streaming.md). */
  fieldChecks?: Promise<FieldChecks>;
};

/** How one attempt's stream ended. */
export type AttemptOutcome =
  | { kind: 'aborted' }
  | { kind: 'stream_failed'; error: FieldstreamError; retryable: boolean }
  /** A field broke its rule while the answer streamed: the model's stream was stopped there. */
  | { kind: 'field_rejected'; rejection: FieldRejection; text: string }
  | {
      kind: 'finished';
      /** The answer text (reasoning split off). */
      text: string;
      /** The final parse; `undefined` when it failed (`parseError` says why). */
      final: FinalParse | undefined;
      parseError: FieldstreamError | undefined;
    };

/**
 * Runs one attempt: calls the model, feeds text deltas through the parser exactly once, passes
 * already-parsed `patch` events through, and emits every event in order. Ends on the stream's
 * end, its failure, or abort (the model's iterator is closed and nothing more is emitted).
 */
export async function streamAttempt(options: AttemptStreamOptions): Promise<AttemptOutcome> {
  // Node gives every AbortSignal a hidden class of its own, so a signal read in the stream loop's
  // optimised code would throw that code away at every attempt's end: a full recompile of the loop
  // per response, the field checks it inlines included (decision 0022). Only this wrapper, which
  // runs once per attempt and is never optimised, touches the signal.
  const { signal } = options;
  const watch: AbortWatch = { aborted: false, stop: new AbortController(), iterator: undefined };
  // Abort closes the model's stream at once; the loop notices when its pending step settles.
  const release = onAbort(signal, () => {
    watch.aborted = true;
    watch.stop.abort(signal.reason);
    if (watch.iterator !== undefined) closeQuietly(watch.iterator);
  });
  try {
    return await streamAnswer(options, watch);
  } finally {
    release();
  }
}

/** The response's abort as the attempt's loop sees it, kept by `streamAttempt`. */
type AbortWatch = {
  /** Read once per chunk: a plain flag, cheaper than `signal.aborted`. */
  aborted: boolean;
  /** The model's own signal: a rejected field stops this attempt's request, not the response. */
  stop: AbortController;
  iterator: AsyncIterator<ModelEvent> | undefined;
};

async function streamAnswer(options: AttemptStreamOptions, watch: AbortWatch): Promise<AttemptOutcome> {
  const { request, emit, format } = options;
  const attempt = request.attempt;
  const native = new NativeReasoning();
  let parser: StreamParser | undefined;
  let sawText = false;
  let sawPatch = false;
  let patchedValue: unknown;
  const emitPatch = (data: StreamingData | undefined): void => {
    if (data !== undefined) emit({ type: 'patch', attempt, data });
  };
  // Forward only the text each push added: slicing the growing whole text per chunk is O(n²)
  // and every slice would keep a copy of the whole answer alive in the replay log.
  let unsent = '';
  const collectText = (text: string): void => {
    unsent += text;
  };
  // A pushed chunk's text and patches go to the log as one entry: a bound store updates once per chunk.
  const emitChunk = (patches: readonly StreamingData[]): void => {
    if (unsent !== '') emitPatch(native.close());
    if (unsent === '' && patches.length === 0) return;
    const text = unsent;
    unsent = '';
    emit({ type: 'chunk', attempt, text, patches });
  };
  const emitAnswer = (): void => {
    if (unsent === '') return;
    const delta = unsent;
    unsent = '';
    emitPatch(native.close());
    emit({ type: 'text', attempt, delta });
  };
  // The log reads the answer text from the parser, which keeps it anyway.
  const openParser = (): StreamParser => {
    const opened = options.createParser(collectText);
    emit({ type: 'answer', attempt, read: () => opened.text });
    return opened;
  };
  const parseFailure = (error: unknown): AttemptOutcome => {
    emitAnswer(); // text the failing push consumed
    emitPatch(native.close());
    const text = parser?.text ?? '';
    return {
      kind: 'finished',
      text,
      final: undefined,
      parseError: asParseError(error, format, text, attempt),
    };
  };

  const outputTool = request.outputTool?.name;
  let tools: ToolCallStream | undefined;
  let iterator: AsyncIterator<ModelEvent> | undefined;
  const { stop } = watch;
  let rejected: FieldRejection | undefined;
  let streaming = true;
  const stopped = (): AttemptOutcome => ({
    kind: 'field_rejected',
    rejection: rejected as FieldRejection,
    text: parser?.text ?? '',
  });
  const reject = (rejection: FieldRejection): void => {
    if (rejected !== undefined) return;
    rejected = rejection;
    stop.abort();
    if (iterator !== undefined) closeQuietly(iterator);
    emitAnswer();
    emitPatch(native.close());
  };
  // The checks load on demand beside the request, never delaying it; chunks parsed meanwhile are
  // held for them (`FieldChecks.watch`), at the latest until the stream ends. The checks contain
  // what user code throws; a failure here (the module did not load) only loses the early stop: the
  // end judges every field again and reports it.
  const held: (readonly StreamingData[])[] = [];
  const readText = () => parser?.text ?? '';
  let watching: FieldChecks | undefined;
  options.fieldChecks
    ?.then((checks) => {
      if (!streaming) return;
      checks.watch(held, format, readText, reject, () => streaming);
      watching = checks;
    })
    .catch(() => {});
  const judgeFields = (patches: readonly StreamingData[]): void => {
    if (watching !== undefined) watching.judge(patches);
    else if (options.fieldChecks !== undefined) held.push(patches);
  };
  try {
    iterator = modelEvents(options.model(request, { signal: stop.signal }));
    watch.iterator = iterator;
    while (true) {
      const step = await iterator.next();
      if (watch.aborted) return { kind: 'aborted' };
      if (rejected !== undefined) return stopped();
      if (step.done === true) break;
      const event = step.value;
      // With the output asked through a tool, text beside the call is the model's commentary: reasoning.
      if (event.type === 'text' && event.delta !== '' && outputTool === undefined) {
        sawText = true;
        parser ??= openParser();
        let patches: StreamingData[];
        try {
          patches = parser.push(event.delta);
        } catch (error) {
          // A parser that gives up mid-stream (e.g. DepthLimitError) fails the parse, not the request.
          closeQuietly(iterator);
          return parseFailure(error);
        }
        emitChunk(patches);
        judgeFields(patches);
        if (rejected !== undefined) return stopped();
      } else if (event.type === 'tool_call' || event.type === 'tool_call_end') {
        // Tool calls (and the output tool's arguments, which are the answer): response/tool-call-stream.ts.
        // Loaded with the first tool call (decision 0013): a response without any never bundles it.
        if (tools === undefined) {
          const stream = await import('./tool-call-stream');
          tools = new stream.ToolCallStream(outputTool, options.maxDepth);
        }
        if (watch.aborted) return { kind: 'aborted' };
        let patches: StreamingData[];
        let answerPatches: StreamingData[] | undefined;
        try {
          const taken = await tools.take(event);
          patches = taken.patches;
          if (taken.answer !== '') {
            sawText = true;
            parser ??= openParser();
            answerPatches = parser.push(taken.answer);
            pushEach(patches, answerPatches);
          }
        } catch (error) {
          closeQuietly(iterator);
          return parseFailure(error);
        }
        emitChunk(patches);
        // Only the answer's own fields are judged: `$tools` arguments have no output schema.
        if (answerPatches !== undefined) judgeFields(answerPatches);
        if (rejected !== undefined) return stopped();
      } else if (event.type === 'reasoning' || event.type === 'text') {
        emitPatch(native.delta(event.delta));
      } else if (event.type === 'patch') {
        sawPatch = true;
        if (!event.data.path.startsWith('$')) {
          try {
            patchedValue = applyPatch(patchedValue, parsePath(event.data.path), event.data.value);
          } catch (error) {
            closeQuietly(iterator);
            return parseFailure(error);
          }
        }
        emitPatch(event.data);
      } else if (event.type === 'meta') {
        emit({ type: 'meta', attempt, meta: event.meta });
      }
    }
  } catch (error) {
    if (watch.aborted) return { kind: 'aborted' };
    if (rejected !== undefined) return stopped();
    if (iterator !== undefined) closeQuietly(iterator);
    const failure = asRequestError(error, parser?.text ?? '', attempt);
    return { kind: 'stream_failed', error: failure, retryable: isRetryableRequestError(failure) };
  } finally {
    streaming = false;
  }

  if (held.length > 0 && options.fieldChecks !== undefined) {
    watching = await options.fieldChecks;
    watching.watch(held, format, readText, reject, () => false);
    if (rejected !== undefined) return stopped();
  }
  // A field that closed near the end may still wait for an async verdict (every check a Worker asks
  // of the main thread): it decides the attempt as a sync check would have, before validation.
  const pending = watching?.settled();
  if (pending !== undefined) {
    const late = await abortable(pending, stop.signal).catch(() => undefined);
    if (watch.aborted) return { kind: 'aborted' };
    if (late !== undefined) {
      reject(late);
      return stopped();
    }
  }
  emitPatch(native.close());
  if (tools !== undefined) {
    try {
      emitChunk(await tools.finish());
    } catch (error) {
      return parseFailure(error);
    }
  }
  if (sawPatch && !sawText) {
    // Already-parsed patches (an Agently instant stream): the data is what they built.
    const final = { value: patchedValue, repaired: false, format };
    return { kind: 'finished', text: '', final, parseError: undefined };
  }
  parser ??= openParser();
  let closing: StreamingData[];
  try {
    // What the final parse needs on demand (yaml_literal beyond its fast subset: the yaml package).
    await parser.prepare();
    // The one final parse of the attempt happens here; the parser keeps it as `final`.
    closing = parser.finish();
  } catch (error) {
    return parseFailure(error);
  }
  emitChunk(closing);
  const text = parser.text;
  const parseError = parser.finalError === undefined ? undefined : annotate(parser.finalError, text, attempt);
  return { kind: 'finished', text, final: parser.final, parseError };
}

function asRequestError(error: unknown, text: string, attempt: number): FieldstreamError {
  if (error instanceof FieldstreamError) return annotate(error, text, attempt);
  const message = errorMessage(error);
  return new FieldstreamError('MODEL_FAILED', `The model failed: ${message}`, { rawText: text, attempt, cause: error });
}

function asParseError(error: unknown, format: FormatName, text: string, attempt: number): FieldstreamError {
  if (error instanceof FieldstreamError) return annotate(error, text, attempt);
  const message = errorMessage(error);
  return new OutputParseError(format, message, { rawText: text, attempt, cause: error });
}

/**
 * Fills in the raw text and attempt of an error that does not carry them yet (errors from
 * providers and parsers know neither), so every typed error a response reports has both.
 */
function annotate<E extends FieldstreamError>(error: E, text: string, attempt: number): E {
  if (error.rawText === undefined) Object.defineProperty(error, 'rawText', { value: text, enumerable: true });
  if (error.attempt === undefined) Object.defineProperty(error, 'attempt', { value: attempt, enumerable: true });
  return error;
}

function closeQuietly(iterator: AsyncIterator<ModelEvent>): void {
  try {
    iterator.return?.()?.catch(() => {});
  } catch {
    // A model whose iterator cannot be closed has been abandoned already.
  }
}

/** What a model returned, as an iterator; anything but an async iterable is an `ArgumentError` saying what a model must return. */
function modelEvents(returned: unknown): AsyncIterator<ModelEvent> {
  const iterate = (returned as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator];
  if (typeof iterate !== 'function') {
    throw invalid(
      'createResponse options.model(request, { signal })',
      'an async iterable of model events (e.g. an async generator yielding { type: "text", delta })',
      returned,
    );
  }
  return (iterate as () => AsyncIterator<ModelEvent>).call(returned);
}
