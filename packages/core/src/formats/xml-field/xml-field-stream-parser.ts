import { applyPatch, readOwn } from '../../patch/apply-patch';
import { isRecord } from '../../patch/container';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import type { OutputDefinition } from '../../schema/define-output';
import { LineBreakNormaliser } from '../common/line-break-normaliser';
import { pathEvent, valueEvents } from '../common/value-events';
import type { FinalParse, FormatParserOptions, FormatStreamParser } from '../format-parser';
import { FieldBodyScanner } from './field-body-scanner';
import { isKnownField } from './xml-field-final-parser';
import { type FieldOpener, readFieldOpener, readPayloadOpener, scanForTag } from './xml-field-tags';
import { XmlJsonField } from './xml-json-field';
import { XmlTextField } from './xml-text-field';

/** A field being read. `sink` is absent for a skipped field (unknown or repeated name). */
type OpenField = { name: string; scanner: FieldBodyScanner; sink: XmlTextField | XmlJsonField | undefined };

/**
 * The xml_field stream parser. Before `<agently_output…>` and between fields, text is searched
 * for the next tag only (holding back at most one tag's length); inside a field, a
 * {@link FieldBodyScanner} separates content from the closer, and the content goes to a text
 * field (string deltas) or a json field (the JSON tokenizer, nested paths). Each chunk is read
 * once; held text is bounded by a tag's length.
 */
export class XmlFieldStreamParser implements FormatStreamParser {
  readonly #output: OutputDefinition | undefined;
  readonly #maxDepth: number | undefined;
  #phase: 'before' | 'between' | 'field' = 'before';
  /** Before and between fields: a possible tag cut by the chunk's end. */
  #held = '';
  readonly #lineBreaks = new LineBreakNormaliser();
  /** The root's opening delta was emitted (with the payload opener); its `done` comes at the end. */
  #rootOpened = false;
  #field: OpenField | undefined;
  /** json fields whose closer came before their value was complete: the final parse closes them. */
  readonly #unfinished: { name: string; sink: XmlJsonField }[] = [];
  /** Field names that already have events: a repeated name is not streamed twice. */
  readonly #seen = new Set<string>();
  #root: Record<string, unknown> = {};
  #snapshot: { root: unknown; part: unknown; value: unknown } | undefined;

  constructor(options: FormatParserOptions = {}) {
    this.#output = options.output;
    this.#maxDepth = options.maxDepth;
  }

  push(chunk: string): StreamingData[] {
    const events: StreamingData[] = [];
    // The final parser reads CRLF as LF too.
    this.#consume(this.#lineBreaks.push(chunk), events);
    return events;
  }

  finish(final: FinalParse | undefined): StreamingData[] {
    const events: StreamingData[] = [];
    this.#consume(this.#lineBreaks.flush(), events);
    const source: CompletionSource =
      final !== undefined && !final.repaired ? 'final_reconciliation' : 'synthetic_repair';
    const finalValue = final !== undefined && isRecord(final.value) ? final.value : undefined;
    const field = this.#field;
    if (field !== undefined) {
      this.#field = undefined;
      field.scanner.end();
      this.#closeField(field, source, events, finalValue);
    }
    for (const { name, sink } of this.#unfinished.splice(0)) {
      for (const event of sink.finish(final)) events.push(event);
      this.#root = applyPatch(this.#root, [name], sink.snapshot()) as Record<string, unknown>;
    }
    // Fields the stream did not attribute (text after the last closer, a repeated payload).
    if (finalValue !== undefined) {
      for (const key of Object.keys(finalValue)) {
        if (this.#seen.has(key)) continue;
        this.#seen.add(key);
        for (const event of valueEvents([key], finalValue[key], source, this.#maxDepth)) events.push(event);
        this.#root = applyPatch(this.#root, [key], finalValue[key]) as Record<string, unknown>;
      }
    }
    // The root opened with the payload closes last, with the final value, as in the json format.
    if (this.#rootOpened) {
      this.#rootOpened = false;
      events.push(pathEvent('', [], '', final === undefined ? this.#root : final.value, source));
    }
    this.#phase = 'between';
    return events;
  }

  snapshot(): unknown {
    const field = this.#field;
    if (field?.sink === undefined) return this.#root;
    const part = field.sink instanceof XmlTextField ? field.sink.value : field.sink.snapshot();
    if (part === undefined || part === '') return this.#root;
    const cached = this.#snapshot;
    if (cached?.root === this.#root && cached.part === part) return cached.value;
    const value = applyPatch(this.#root, [field.name], part);
    this.#snapshot = { root: this.#root, part, value };
    return value;
  }

  #consume(input: string, events: StreamingData[]): void {
    let rest = input;
    while (rest !== '') {
      const field = this.#field;
      if (field !== undefined) {
        const step = field.scanner.push(rest);
        if (step.content !== '' && field.sink !== undefined) {
          for (const event of field.sink.push(step.content)) events.push(event);
        }
        if (!step.closed) return;
        this.#field = undefined;
        this.#closeField(field, 'observed_boundary', events);
        rest = step.rest;
        continue;
      }
      const text = this.#held + rest;
      this.#held = '';
      const search =
        this.#phase === 'before'
          ? scanForTag(text, '<agently_output', readPayloadOpener)
          : scanForTag<FieldOpener>(text, '<field', readFieldOpener);
      if (search === undefined) return;
      if ('hold' in search) {
        this.#held = text.slice(search.hold);
        return;
      }
      rest = text.slice(search.end);
      if (this.#phase === 'before') {
        this.#phase = 'between';
        this.#rootOpened = true;
        events.push(pathEvent('', [], '', {}));
      } else this.#openField(search.found as FieldOpener);
    }
  }

  #openField(opener: FieldOpener): void {
    const { name } = opener;
    let sink: OpenField['sink'];
    if (isKnownField(name, this.#output) && !this.#seen.has(name)) {
      this.#seen.add(name);
      sink = opener.type === 'text' ? new XmlTextField([name]) : new XmlJsonField(name, this.#maxDepth);
    }
    this.#field = { name, scanner: new FieldBodyScanner(), sink };
  }

  #closeField(
    field: OpenField,
    source: CompletionSource,
    events: StreamingData[],
    finalValue?: Record<string, unknown>,
  ): void {
    const { sink, name } = field;
    if (sink === undefined) return;
    if (sink instanceof XmlTextField) {
      const settled = finalValue === undefined ? undefined : readOwn(finalValue, name);
      const closing = sink.close(source, typeof settled === 'string' ? settled : undefined);
      for (const event of closing) events.push(event);
      this.#root = applyPatch(this.#root, [name], closing[closing.length - 1]?.value) as Record<string, unknown>;
      return;
    }
    for (const event of sink.close()) events.push(event);
    if (sink.isComplete) {
      this.#root = applyPatch(this.#root, [name], sink.snapshot()) as Record<string, unknown>;
    } else {
      this.#unfinished.push({ name, sink });
    }
  }
}
