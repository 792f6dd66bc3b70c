import { readOwn, writeOwn } from '../../patch/apply-patch';
import { formatPath } from '../../patch/path';
import { pushEach } from '../../patch/push-each';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import type { FinalParse } from '../format-parser';
import { JsonStreamParser } from '../json/json-stream-parser';
import type { SectionField, SectionFlavour } from './markdown-sections-fields';
import { LineStartReader } from './markdown-sections-line-start';
import { replayValue } from './markdown-sections-replay';
import { SectionContent } from './markdown-sections-split';
import { jsonSectionValue } from './markdown-sections-values';
import { type WrapperVerdict, wrapperVerdict } from './markdown-sections-wrapper';

/** Returned when a piece emits nothing (shared: callers only read it). */
const NONE: readonly StreamingData[] = [];

type State =
  /** Before the value: whitespace, scaffold comments and prose lines are skipped. */
  | 'seek'
  /** Inside the fenced block that holds the value. */
  | 'fenced'
  /** Reading bare content. */
  | 'bare'
  /** The value is complete or its block ended: the rest of the section is ignored. */
  | 'ignore';

/**
 * Streams one JSON section through the JSON tokenizer (embedded mode, `basePath` = the field), so
 * its events carry nested paths (`items[0].name`) exactly as in the `json` format. The value is
 * the body of the section's first fenced block, or bare content; prose lines and scaffold
 * comments before it are skipped, and a `{"field": …}` wrapper streams as the field's value.
 *
 * Until the tokenizer shows something, the raw content is kept: a value it could not follow (a
 * flat_markdown `True`, prose it could not skip) is then emitted whole, as the section's final
 * value, when the section closes. Once it streams, it closes its own paths.
 */
export class JsonSectionStream {
  /** The raw content, while the tokenizer has shown nothing. */
  private content: SectionContent | undefined = new SectionContent();
  private readonly lineStart = new LineStartReader();
  private state: State = 'seek';
  private parser: JsonStreamParser | undefined;
  /** The value sits one level down, in a `{"field": …}` wrapper. */
  private wrapped = false;
  /** The start of an object held until its first key shows whether it is a wrapper. */
  private heldObject = '';
  /** A fenced body's last line break, held until the next line shows it is not the closer's. */
  private heldBreak = false;
  /** The tokenizer emitted something (so it, not a replay, closes the value). */
  private emitted = false;
  /** The field's path. */
  private readonly path: string;
  /**
   * flat_markdown scalars (numbers, booleans) are read whole when the section closes: they are
   * atomic anyway, and only then can a bare `True` or a quoted `"3"` be coerced by schema.
   */
  private readonly deferred: boolean;

  constructor(
    private readonly field: SectionField,
    private readonly flavour: SectionFlavour,
    private readonly maxDepth: number | undefined,
  ) {
    this.path = formatPath([field.name]);
    const node = field.node;
    this.deferred =
      flavour === 'flat_markdown' &&
      !field.stringOrNull &&
      (node?.kind === 'enum' || (node?.kind === 'scalar' && node.type !== 'any' && node.type !== 'string'));
  }

  /** The value so far (`undefined` before it starts). */
  snapshot(): unknown {
    const parsed = this.parser?.snapshot();
    const value = this.wrapped ? readOwn(parsed, this.field.name) : parsed;
    return this.field.stringOrNull && !isStringOrNull(value) ? undefined : value;
  }

  text(text: string): readonly StreamingData[] {
    this.content?.text(text);
    if (this.deferred) return NONE;
    switch (this.state) {
      case 'seek': {
        const value = this.lineStart.read(text);
        if (value === undefined) return NONE;
        this.state = 'bare';
        return this.feed(value);
      }
      case 'fenced': {
        // The line break before the closing fence line is not part of the block's body.
        const body = this.heldBreak ? `\n${text}` : text;
        this.heldBreak = body.endsWith('\n');
        return this.feed(this.heldBreak ? body.slice(0, -1) : body);
      }
      case 'bare':
        return this.feed(text);
      case 'ignore':
        return NONE;
    }
  }

  fence(line: string, role: 'open' | 'close'): readonly StreamingData[] {
    this.content?.fence(line, role);
    if (this.deferred) return NONE;
    if (this.state === 'fenced' && role === 'close') {
      this.state = 'ignore';
      this.heldBreak = false;
      return this.endOfBlock();
    }
    if (this.state === 'seek' && role === 'open' && this.lineStart.atLineStart) {
      this.state = 'fenced';
      this.lineStart.reset();
    }
    return NONE;
  }

  /**
   * The fenced block closed: the value ends here. A bare number or literal completes (its end is
   * observed); anything left open is closed as it was streamed (a repair).
   */
  private endOfBlock(): readonly StreamingData[] {
    const events = this.heldObject === '' ? [] : [...this.startParser('not-wrapper', this.heldObject)];
    const parser = this.parser;
    if (parser === undefined || parser.isComplete) return events;
    for (const event of this.keep(parser.finish(undefined))) events.push(event);
    return events;
  }

  /**
   * Ends the section. The paths still open close on `final` (the authoritative parse of the whole
   * answer) when given, else on the section's own final value.
   */
  close(source: CompletionSource, final: FinalParse | undefined): StreamingData[] {
    // An object too short to tell whether it is a wrapper is a plain value.
    const events = this.heldObject === '' ? [] : this.startParser('not-wrapper', this.heldObject);
    const parser = this.parser;
    if (parser !== undefined && this.emitted) {
      // The tokenizer closes what is still open: on the final parse at the end of the answer (a
      // wrapper's parser reads the field in it like its own key), on what it has before that.
      for (const event of this.keep(parser.finish(final))) events.push(withSource(event, source));
      return events;
    }
    parser?.finish(undefined);
    let reconcile = final;
    if (reconcile === undefined && this.content !== undefined) {
      const own = jsonSectionValue(this.content.build(), this.field, this.flavour, this.maxDepth);
      if (own.kind === 'value') {
        const root: Record<string, unknown> = {};
        writeOwn(root, this.field.name, own.value);
        reconcile = { value: root, repaired: own.repaired, format: this.flavour };
      }
    }
    // The tokenizer never showed the value: emit it whole, as it would have for the same data.
    const value = reconcile === undefined ? undefined : readOwn(reconcile.value, this.field.name);
    if (value === undefined) return events;
    const root: Record<string, unknown> = {};
    writeOwn(root, this.field.name, value);
    pushEach(events, replayValue(root, reconcile?.repaired ? 'synthetic_repair' : source, false));
    return events;
  }

  private feed(text: string): readonly StreamingData[] {
    if (text === '') return NONE;
    let input = text;
    if (this.parser === undefined) {
      input = this.heldObject + text;
      const start = input.search(/\S/);
      if (start < 0) return NONE;
      const verdict: WrapperVerdict =
        input[start] === '{' ? wrapperVerdict(input.slice(start), this.field) : 'not-wrapper';
      if (verdict === 'undecided') {
        this.heldObject = input;
        return NONE;
      }
      this.heldObject = '';
      return this.startParser(verdict, input);
    }
    return this.push(this.parser, input);
  }

  /** Creates the tokenizer (for the value itself, or for its wrapper) and gives it `input`. */
  private startParser(verdict: Exclude<WrapperVerdict, 'undecided'>, input: string): StreamingData[] {
    this.heldObject = '';
    this.wrapped = verdict === 'wrapper';
    // The field's value sits one level below the answer's root, as in the json format.
    const depth = this.maxDepth === undefined ? undefined : Math.max(0, this.maxDepth - (this.wrapped ? 0 : 1));
    const basePath = this.wrapped ? [] : [this.field.name];
    const parser = new JsonStreamParser({ basePath, embedded: true, maxDepth: depth });
    this.parser = parser;
    return this.push(parser, input);
  }

  private push(parser: JsonStreamParser, input: string): StreamingData[] {
    const events = this.keep(parser.push(input));
    if (parser.isComplete || parser.halted !== undefined) this.state = 'ignore';
    return events;
  }

  /**
   * Drops a wrapper's own events and its other keys: only the field's paths are streamed. A text
   * field read as JSON streams only a string or `null` at its own path: a number or a list there
   * is rejected by the final parse, and must not reach a UI that shows the field as text.
   */
  private keep(events: StreamingData[]): StreamingData[] {
    let kept = events;
    if (this.wrapped) {
      const base = this.path;
      kept = events.filter((event) => belongsTo(event.path, base));
    }
    if (this.field.stringOrNull) {
      const path = this.path;
      kept = kept.filter((event) => event.path === path && isStringOrNull(event.value));
    }
    if (kept.length > 0) {
      this.emitted = true;
      this.content = undefined;
    }
    return kept;
  }
}

function isStringOrNull(value: unknown): boolean {
  return value === null || typeof value === 'string';
}

/** Whether `path` is `base` or below it. */
function belongsTo(path: string, base: string): boolean {
  if (!path.startsWith(base)) return false;
  const next = path[base.length];
  return next === undefined || next === '.' || next === '[';
}

/** Closing events take the section's completion source (the tokenizer's says "final parse"). */
function withSource(event: StreamingData, source: CompletionSource): StreamingData {
  if (event.event_type === 'done' && event.completion_source === 'final_reconciliation') {
    event.completion_source = source;
  }
  return event;
}
