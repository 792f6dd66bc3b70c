import { applyPatch, readOwn } from '../../patch/apply-patch';
import { isRecord } from '../../patch/container';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import { pathEvent, valueEvents } from '../common/value-events';
import type { FinalParse, FormatParserOptions, FormatStreamParser } from '../format-parser';
import { LiteralBlockEmitter } from './literal-block-emitter';
import { LiteralBlockTracker } from './literal-block-tracker';
import { parseYamlLines } from './parse-yaml-text';
import { YamlBlockEntry } from './yaml-block-entry';
import { classifyTopLevelLine, type LiteralHeader, literalHeader, yamlKeyName } from './yaml-key-line';
import { LiteralLine, type LiteralLineStep } from './yaml-literal-line';
import {
  isBeginMarkerLine,
  isEndMarkerLine,
  isStrayFenceLine,
  isYamlFenceCloser,
  isYamlFenceOpener,
} from './yaml-markers';

/** A top-level entry written on its key's line (or not read unit by unit): parsed once when it completes. */
type PendingEntry = { lines: string[] };

/** A top-level literal block being streamed. */
type OpenLiteral = { key: string; emitter: LiteralBlockEmitter; line: LiteralLine; muted: boolean };

/**
 * The yaml_literal stream parser. Line-based, one pass:
 * - before the payload, lines are scanned for `<<<BEGIN AGENTLY_YAML>>>` (or a ```yaml fence);
 * - inside it, a column-0 `key:` line starts a top-level entry. A literal block (`key: |`) streams
 *   its de-indented content as deltas while it arrives; any other entry is collected and, when the
 *   next top-level key or the end of the payload arrives, parsed once (`parseYamlLines`: the fast
 *   subset reader, else the `yaml` package) and emitted as complete events with nested paths (`items[0].name`);
 * - the end marker (or the fence's closer) ends the payload; nothing after it is read.
 * Each chunk's work is proportional to its length, plus one parse per completed entry.
 */
export class YamlLiteralStreamParser implements FormatStreamParser {
  #phase: 'before' | 'body' | 'after' = 'before';
  /** How the payload is delimited; a fence whose first line is the begin marker turns into markers. */
  #payload: 'markers' | 'fence' = 'markers';
  #fenceFresh = false;
  #heldCarriage = false;
  /** The root's opening delta was emitted (with the payload's first line); its `done` comes at the end. */
  #rootOpened = false;
  /** The current line, outside literal blocks (they read their lines as they come). */
  #line = '';
  #entry: PendingEntry | YamlBlockEntry | undefined;
  /** Block entries that ended without a value (they did not parse alone): the final parse settles them. */
  readonly #unsettled: YamlBlockEntry[] = [];
  #literal: OpenLiteral | undefined;
  readonly #blocks = new LiteralBlockTracker();
  #root: Record<string, unknown> = {};
  /** Top-level keys that have (or are streaming) events: a repeated key is not streamed twice. */
  readonly #seen = new Set<string>();
  #partial: { version: number; value: unknown } | undefined;
  readonly #maxDepth: number | undefined;
  #snapshot: { root: unknown; text: string; value: unknown } | undefined;

  constructor(options: FormatParserOptions = {}) {
    this.#maxDepth = options.maxDepth;
  }

  push(chunk: string): StreamingData[] {
    let text = chunk;
    if (this.#heldCarriage) text = `\r${text}`;
    // A trailing CR may be the first half of a CRLF.
    this.#heldCarriage = text.endsWith('\r');
    if (this.#heldCarriage) text = text.slice(0, -1);
    if (text.includes('\r\n')) text = text.replace(/\r\n/g, '\n');
    const events: StreamingData[] = [];
    this.#consume(text, events);
    return events;
  }

  finish(final: FinalParse | undefined): StreamingData[] {
    const events: StreamingData[] = [];
    if (this.#heldCarriage) {
      this.#heldCarriage = false;
      this.#consume('\r', events);
    }
    if (this.#phase === 'body') {
      if (this.#literal !== undefined) {
        if (this.#literal.line.started) this.#literalLineEnd(this.#literal, events);
      } else if (this.#line !== '') this.#topLine(this.#line, events);
      this.#line = '';
    }
    const source: CompletionSource =
      final !== undefined && !final.repaired ? 'final_reconciliation' : 'synthetic_repair';
    const finalValue = final !== undefined && isRecord(final.value) ? final.value : undefined;
    this.#closeLiteral(source, events, finalValue);
    this.#completeEntry(source, events, finalValue);
    for (const entry of this.#unsettled.splice(0)) this.#settleBlock(entry, source, events, finalValue, true);
    // Keys the stream could not attribute (an indented document, a block that failed alone).
    if (finalValue !== undefined) {
      for (const key of Object.keys(finalValue)) this.#emitValue(key, finalValue[key], source, events);
    }
    // The root opened with the payload closes last, with the final value, as in the json format.
    if (this.#rootOpened) {
      this.#rootOpened = false;
      events.push(pathEvent('', [], '', final === undefined ? this.#root : final.value, source));
    }
    this.#phase = 'after';
    return events;
  }

  snapshot(): unknown {
    const entry = this.#entry;
    if (entry instanceof YamlBlockEntry && entry.opened) {
      const { value, version } = entry.partial;
      if (this.#partial?.version !== version || this.#partial.value !== this.#root) {
        const copy = Array.isArray(value) ? value.slice() : { ...(value as object) };
        this.#partial = { version, value: this.#root };
        this.#snapshot = { root: this.#root, text: String(version), value: applyPatch(this.#root, [entry.key], copy) };
      }
      return this.#snapshot?.value;
    }
    const literal = this.#literal;
    if (literal === undefined || literal.muted || literal.emitter.value === '') return this.#root;
    const cached = this.#snapshot;
    if (cached?.root === this.#root && cached.text === literal.emitter.value) return cached.value;
    const value = applyPatch(this.#root, [literal.key], literal.emitter.value);
    this.#snapshot = { root: this.#root, text: literal.emitter.value, value };
    return value;
  }

  #consume(text: string, events: StreamingData[]): void {
    let start = 0;
    while (this.#phase !== 'after') {
      const newline = text.indexOf('\n', start);
      const piece = newline < 0 ? text.slice(start) : text.slice(start, newline);
      if (piece !== '') this.#lineText(piece, events);
      if (newline < 0) return;
      this.#lineEnd(events);
      start = newline + 1;
    }
  }

  #lineText(piece: string, events: StreamingData[]): void {
    const literal = this.#literal;
    if (literal === undefined) {
      this.#line += piece;
      return;
    }
    const step = literal.line.text(piece);
    this.#applyLiteralStep(literal, step, events);
  }

  #lineEnd(events: StreamingData[]): void {
    if (this.#literal !== undefined) {
      this.#literalLineEnd(this.#literal, events);
      return;
    }
    const line = this.#line;
    this.#line = '';
    if (this.#phase === 'before') this.#beforeLine(line, events);
    else this.#topLine(line, events);
  }

  #literalLineEnd(literal: OpenLiteral, events: StreamingData[]): void {
    this.#applyLiteralStep(literal, literal.line.end(), events);
  }

  #applyLiteralStep(literal: OpenLiteral, step: LiteralLineStep, events: StreamingData[]): void {
    switch (step.kind) {
      case 'wait':
        return;
      case 'content':
        this.#emitLiteral(literal, literal.emitter.content(step.text), events);
        return;
      case 'line-break': {
        const { emitter, line } = literal;
        if (step.blankWidth !== undefined) {
          const droppable = step.blankWidth <= (line.contentIndent ?? Number.POSITIVE_INFINITY);
          this.#emitLiteral(literal, emitter.blankLine(step.text, droppable), events);
        } else {
          this.#emitLiteral(literal, emitter.content(step.text), events);
        }
        this.#emitLiteral(literal, emitter.lineBreak(), events);
        return;
      }
      case 'end-marker':
        this.#closeLiteral('observed_boundary', events);
        this.#phase = 'after';
        return;
      case 'outdent':
        // A less indented line ends the block; the top level reads it from its start.
        this.#closeLiteral('observed_boundary', events);
        this.#line = step.line;
        if (step.complete) {
          this.#line = '';
          this.#topLine(step.line, events);
        }
        return;
    }
  }

  #emitLiteral(literal: OpenLiteral, produced: StreamingData[], events: StreamingData[]): void {
    if (!literal.muted) for (const event of produced) events.push(event);
  }

  #beforeLine(line: string, events: StreamingData[]): void {
    if (isBeginMarkerLine(line)) {
      this.#payload = 'markers';
    } else if (isYamlFenceOpener(line)) {
      this.#payload = 'fence';
      this.#fenceFresh = true;
    } else {
      return;
    }
    this.#phase = 'body';
    this.#rootOpened = true;
    events.push(pathEvent('', [], '', {}));
  }

  #topLine(line: string, events: StreamingData[]): void {
    if (this.#payload === 'fence') {
      if (this.#fenceFresh && line.trim() !== '') {
        this.#fenceFresh = false;
        if (isBeginMarkerLine(line)) {
          this.#payload = 'markers';
          return;
        }
      }
      if (isYamlFenceCloser(line)) {
        this.#endPayload(events);
        return;
      }
    } else if (!this.#blocks.contains(line)) {
      // Outside a literal block only: inside one, a marker-like line is the block's text.
      if (isEndMarkerLine(line)) {
        this.#endPayload(events);
        return;
      }
      if (isStrayFenceLine(line)) return;
    }
    const kind = classifyTopLevelLine(line);
    if (kind.kind === 'continuation') {
      const entry = this.#entry;
      if (entry instanceof YamlBlockEntry) for (const event of entry.addLine(line)) events.push(event);
      else entry?.lines.push(line);
      return;
    }
    if (kind.kind === 'document-marker') return;
    this.#completeEntry('observed_boundary', events);
    const header = literalHeader(kind.rest);
    const nested = header === undefined && /^[ \t]*(?:#.*)?$/.test(kind.rest);
    const key = header !== undefined || nested ? yamlKeyName(kind.keyText) : undefined;
    if (key !== undefined && header !== undefined) {
      this.#openLiteral(key, header);
    } else if (key !== undefined && nested && !this.#seen.has(key)) {
      this.#seen.add(key);
      this.#entry = new YamlBlockEntry(key, line, this.#maxDepth);
    } else {
      this.#entry = { lines: [line] };
    }
  }

  #openLiteral(key: string, header: LiteralHeader): void {
    const muted = this.#seen.has(key);
    this.#seen.add(key);
    this.#literal = {
      key,
      emitter: new LiteralBlockEmitter([key], header.chomping),
      line: new LiteralLine(header.indent, this.#payload === 'markers'),
      muted,
    };
  }

  #closeLiteral(source: CompletionSource, events: StreamingData[], finalValue?: Record<string, unknown>): void {
    const literal = this.#literal;
    if (literal === undefined) return;
    this.#literal = undefined;
    const settled = finalValue === undefined ? undefined : readOwn(finalValue, literal.key);
    const produced = literal.emitter.close(source, typeof settled === 'string' ? settled : undefined);
    if (literal.muted) return;
    for (const event of produced) events.push(event);
    this.#root = applyPatch(this.#root, [literal.key], literal.emitter.value) as Record<string, unknown>;
  }

  /** Parses the pending entry and emits its events (the final parse's values win when given). */
  #completeEntry(source: CompletionSource, events: StreamingData[], finalValue?: Record<string, unknown>): void {
    const entry = this.#entry;
    if (entry === undefined) return;
    this.#entry = undefined;
    if (entry instanceof YamlBlockEntry) {
      this.#settleBlock(entry, source, events, finalValue, finalValue !== undefined);
      return;
    }
    const parsed = parseYamlLines(entry.lines, false);
    // An entry that fails alone (a tab, an alias to an earlier anchor) is left to the final parse.
    if (!parsed.ok || !isRecord(parsed.value)) return;
    for (const key of Object.keys(parsed.value)) {
      const value = finalValue !== undefined && Object.hasOwn(finalValue, key) ? finalValue[key] : parsed.value[key];
      this.#emitValue(key, value, source, events);
    }
  }

  /** Completes a block entry; one that cannot settle yet waits for the final parse. */
  #settleBlock(
    entry: YamlBlockEntry,
    source: CompletionSource,
    events: StreamingData[],
    finalValue: Record<string, unknown> | undefined,
    atEnd: boolean,
  ): void {
    const settled = finalValue === undefined ? undefined : readOwn(finalValue, entry.key);
    const result = entry.complete(source, settled, atEnd);
    for (const event of result.events) events.push(event);
    if (result.value !== undefined) {
      this.#root = applyPatch(this.#root, [entry.key], result.value) as Record<string, unknown>;
    } else if (entry.opened && !atEnd) {
      this.#unsettled.push(entry);
    } else if (!entry.opened) {
      this.#seen.delete(entry.key); // nothing emitted: the final parse may still supply the key
    }
  }

  #emitValue(key: string, value: unknown, source: CompletionSource, events: StreamingData[]): void {
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    for (const event of valueEvents([key], value, source, this.#maxDepth)) events.push(event);
    this.#root = applyPatch(this.#root, [key], value) as Record<string, unknown>;
  }

  #endPayload(events: StreamingData[]): void {
    this.#completeEntry('observed_boundary', events);
    this.#closeLiteral('observed_boundary', events);
    this.#phase = 'after';
  }
}
