import { OutputParseError } from '../errors/errors';
import { deepEqual } from '../patch/deep-equal';
import type { CompletionSource, StreamingData } from '../patch/streaming-data';
import { reasoningEvent } from '../reasoning/reasoning-event';
import { ReasoningSplitter } from '../reasoning/reasoning-splitter';
import type { OutputDefinition } from '../schema/define-output';
import type { FormatName, FormatOption } from '../schema/select-format';
import { resetEvent } from './block-reset';
import { checkChunk, checkParserOptions, finishedError } from './check-parser-options';
import type { FinalParse, FormatDefinition, FormatParsing, FormatStreamParser } from './format-parser';
import { parseAnswer } from './parse-answer';
import { reconcileWithFinal } from './reconcile-with-final';
import { type ResolvedFormat, resolveFormat } from './resolve-format';
import { TextAccumulator } from './text-accumulator';

/** Options of {@link createStreamParser}. */
export type CreateStreamParserOptions = {
  /** The format the answer is written in; `auto` chooses from `output` (`json` without one). */
  format: FormatOption;
  /** The schema: guides the final parse (best JSON block, text-format fields). */
  output?: OutputDefinition | undefined;
  /** Deepest nesting accepted before a `DepthLimitError` is thrown (default: unlimited). */
  maxDepth?: number | undefined;
  /**
   * Called with each piece of answer text as the parser consumes it (reasoning excluded), e.g. to
   * forward the answer as deltas without slicing the growing whole text on every chunk.
   */
  onText?: ((text: string) => void) | undefined;
  /**
   * Format definitions this call may use besides the registered ones (`json` and `text` are built
   * in): `formats: [hybridFormat]` makes `format: 'hybrid'` work without `registerFormat`.
   */
  formats?: readonly FormatDefinition[] | undefined;
};

/** Parses one streamed answer into field-level patches. */
export type StreamParser = {
  /** Consumes a chunk of model text; returns the events it completes (work ∝ the chunk). */
  push(chunk: string): StreamingData[];
  /**
   * End of the text: flushes held-back text, runs the final parse of the answer once (or takes the
   * one the stream proved: a strict JSON answer is not parsed again), closes every open path with
   * it, then completes the final value's paths the stream never completed.
   */
  finish(): StreamingData[];
  /** The current value (structurally shared); after `finish`, the final value when it parsed. */
  snapshot(): unknown;
  /**
   * Loads what the final parse of the text so far needs and the format loads on demand (json: its
   * lenient reader, for a text that is not strict JSON; yaml_literal beyond its fast subset: the
   * `yaml` package); resolves at once otherwise. Await it before `finish()` when the answer may
   * need it; responses do.
   */
  prepare(): Promise<void>;
  /** The answer text so far (the leading `<think>` block removed). */
  readonly text: string;

  /** The reasoning text so far (the leading `<think>` block's content, trimmed). */
  readonly reasoning: string;
  /** The format actually used (`auto` resolved). */
  readonly format: FormatName;
  /** After `finish`: the final parse, or `undefined` when nothing could be parsed. */
  readonly final: FinalParse | undefined;
  /** After `finish`: why the final parse failed, if it did. */
  readonly finalError: OutputParseError | undefined;
};

/**
 * An incremental parser for one answer in any format: a leading `<think>` block streams to
 * `$reasoning`, the rest goes to the format's stream parser, and `finish` reconciles the stream
 * with the one final parse of the answer.
 */
export function createStreamParser(options: CreateStreamParserOptions): StreamParser {
  checkParserOptions('createStreamParser options', options, true);
  const { format, output, formats } = options;
  return new AnswerStreamParser(
    resolveFormat(format, 'json', output, formats, 'createStreamParser options.format'),
    options,
  );
}

/** A stream parser for a format already resolved (a response's attempt). */
export function streamParserFor(
  format: ResolvedFormat,
  options: Omit<CreateStreamParserOptions, 'format' | 'formats'>,
): StreamParser {
  return new AnswerStreamParser(format, options);
}

class AnswerStreamParser implements StreamParser {
  readonly format: FormatName;
  readonly #output: OutputDefinition | undefined;
  readonly #maxDepth: number | undefined;
  readonly #definition: FormatParsing;
  readonly #parser: FormatStreamParser;
  readonly #splitter = new ReasoningSplitter();
  readonly #answer = new TextAccumulator();
  readonly #onText: ((text: string) => void) | undefined;
  #reasoning = '';
  #reasoningOpened = false;
  #reasoningDone = false;
  /**
   * Paths whose `done` was emitted, recorded only until the root value opens: a format parser
   * closes an opened root at `finish`, and then nothing is left to reconcile.
   */
  readonly #donePaths: string[] = [];
  #rootOpened = false;
  /** The root's `done`, once the stream closed it. */
  #rootDone: StreamingData | undefined;
  #finished = false;
  #final: FinalParse | undefined;
  #finalError: OutputParseError | undefined;

  constructor(format: ResolvedFormat, options: Omit<CreateStreamParserOptions, 'format' | 'formats'>) {
    const { output } = options;
    this.format = format.name;
    this.#output = output;
    this.#maxDepth = options.maxDepth;
    this.#onText = options.onText;
    this.#definition = format.definition;
    this.#parser = this.#definition.createStreamParser({ output, maxDepth: options.maxDepth });
  }

  async prepare(): Promise<void> {
    // Nothing held back and the stream proved the final parse: the final parser will not run.
    if (this.#splitter.passthrough && this.#parser.provenFinal?.() !== undefined) return;
    await this.#definition.prepare?.(this.#answer.toString(), { output: this.#output, maxDepth: this.#maxDepth });
  }

  get text(): string {
    return this.#answer.toString();
  }

  get reasoning(): string {
    return this.#reasoning;
  }

  get final(): FinalParse | undefined {
    return this.#final;
  }

  get finalError(): OutputParseError | undefined {
    return this.#finalError;
  }

  push(chunk: string): StreamingData[] {
    checkChunk('push chunk', chunk);
    if (this.#finished) throw finishedError('push');
    if (this.#splitter.passthrough) {
      // The common case: answer text only, so the format parser's events are ours.
      if (chunk === '') return [];
      const events = this.#parser.push(chunk);
      this.#answer.append(chunk);
      this.#onText?.(chunk);
      this.#note(events);
      return events;
    }
    const events: StreamingData[] = [];
    const split = this.#splitter.push(chunk);
    this.#emitReasoning(split.reasoning, events);
    if (this.#splitter.reasoningClosed) this.#closeReasoning('observed_boundary', events);
    if (split.content !== '') this.#feed(split.content, events);
    return events;
  }

  finish(): StreamingData[] {
    if (this.#finished) return [];
    const events: StreamingData[] = [];
    const split = this.#splitter.finish();
    this.#emitReasoning(split.reasoning, events);
    this.#closeReasoning('synthetic_repair', events); // an unclosed <think> block ends with the text
    if (split.content !== '') this.#feed(split.content, events);
    this.#finished = true;
    try {
      // The stream may have proved the final parse already (json: one strict document, no re-parse).
      this.#final =
        this.#parser.provenFinal?.() ??
        parseAnswer(this.#answer.toString(), {
          definition: this.#definition,
          output: this.#output,
          maxDepth: this.#maxDepth,
        });
    } catch (error) {
      if (!(error instanceof OutputParseError)) throw error;
      this.#finalError = error;
    }
    this.#collect(this.#parser.finish(this.#final), events);
    // An opened root has closed with its whole value; otherwise complete what the stream missed.
    // The text format has no structured events (docs/formats.md §7): its value is the text itself.
    if (this.#final !== undefined && !this.#rootOpened && this.format !== 'text') {
      const source: CompletionSource = this.#final.repaired ? 'synthetic_repair' : 'final_reconciliation';
      for (const event of reconcileWithFinal(this.#final.value, new Set(this.#donePaths), source)) events.push(event);
    } else if (this.#final !== undefined && this.#rootDone !== undefined) {
      this.#resetIfAnotherBlock(this.#final, this.#rootDone, events);
    }
    return events;
  }

  snapshot(): unknown {
    return this.#final !== undefined ? this.#final.value : this.#parser.snapshot();
  }

  #feed(content: string, events: StreamingData[]): void {
    this.#answer.append(content);
    this.#onText?.(content);
    this.#collect(this.#parser.push(content), events);
  }

  #collect(from: readonly StreamingData[], into: StreamingData[]): void {
    this.#note(from);
    for (const event of from) into.push(event);
  }

  /**
   * The stream closed a root whose value is not the final value: the final parse chose another
   * block. A `$status` reset record says so, then every path of the final value gets its `done`.
   */
  #resetIfAnotherBlock(final: FinalParse, rootDone: StreamingData, events: StreamingData[]): void {
    if (deepEqual(rootDone.value, final.value)) return;
    events.push(resetEvent(rootDone.value));
    const source: CompletionSource = final.repaired ? 'synthetic_repair' : 'final_reconciliation';
    for (const event of reconcileWithFinal(final.value, new Set(), source)) events.push(event);
  }

  #note(events: readonly StreamingData[]): void {
    // Indexed, and the root told by its path's length (paths are ropes; comparing them costs more).
    for (let i = 0; i < events.length; i++) {
      const event = events[i] as StreamingData;
      if (event.path.length === 0 && event.is_complete) this.#rootDone = event;
    }
    if (this.#rootOpened) return;
    for (const event of events) {
      if (event.path === '') this.#rootOpened = true;
      else if (event.event_type === 'done') this.#donePaths.push(event.path);
    }
  }

  /** One delta per chunk: the reasoning text it adds (the first one opens the channel, maybe empty). */
  #emitReasoning(text: string, events: StreamingData[]): void {
    if (!this.#splitter.hadReasoning || (text === '' && this.#reasoningOpened)) return;
    this.#reasoningOpened = true;
    this.#reasoning += text;
    events.push(reasoningEvent(text, this.#reasoning));
  }

  #closeReasoning(source: CompletionSource, events: StreamingData[]): void {
    if (this.#reasoningDone || !this.#splitter.hadReasoning) return;
    this.#reasoningDone = true;
    events.push(reasoningEvent('', this.#reasoning, source));
  }
}
