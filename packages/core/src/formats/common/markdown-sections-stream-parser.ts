import { applyPatch, readOwn } from '../../patch/apply-patch';
import { formatPath } from '../../patch/path';
import { pushEach } from '../../patch/push-each';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import type { FinalParse, FormatParserOptions, FormatStreamParser } from '../format-parser';
import { type SectionField, type SectionFlavour, sectionFieldFor, sectionFieldsOf } from './markdown-sections-fields';
import { type SectionHeader, SectionHeaderMatcher } from './markdown-sections-header';
import { JsonSectionStream } from './markdown-sections-json-field';
import { replayValue } from './markdown-sections-replay';
import { MarkdownSectionScanner, type MarkdownSectionSink } from './markdown-sections-scanner';
import { TextSectionStream } from './markdown-sections-text-field';

type OpenSection = {
  field: SectionField;
  path: string;
  stream: TextSectionStream | JsonSectionStream;
  /** `stream` when it is a JSON section (saves a type test per piece). */
  json: JsonSectionStream | undefined;
};

/**
 * The stream parser of the Markdown-section formats (hybrid, flat_markdown). Text fields stream
 * as string deltas at the field's path; JSON fields stream through the JSON tokenizer with nested
 * paths, exactly as in the `json` format. The root opens (an empty `delta` at `''`) with the first
 * recognised header and completes at `finish`, after every field, as a json root object does.
 *
 * Each field gets exactly one `done`: when the next recognised header arrives (or its JSON value
 * closes earlier), or at `finish`. A section repeating an earlier field is not streamed (its
 * path is already done); the final parse lets it win, and the store reconciles.
 */
export class MarkdownSectionStreamParser implements FormatStreamParser, MarkdownSectionSink {
  private readonly fields: ReadonlyMap<string, SectionField> | undefined;
  private readonly scanner: MarkdownSectionScanner;
  private readonly maxDepth: number | undefined;
  private events: StreamingData[] = [];
  private section: OpenSection | undefined;
  private readonly seen = new Set<string>();
  private root: Record<string, unknown> | undefined;
  private finished = false;

  constructor(
    options: FormatParserOptions,
    private readonly flavour: SectionFlavour,
  ) {
    this.fields = sectionFieldsOf(options.output, flavour);
    this.maxDepth = options.maxDepth;
    this.scanner = new MarkdownSectionScanner(new SectionHeaderMatcher(this.fields?.keys()), this);
  }

  push(chunk: string): StreamingData[] {
    if (this.finished) return [];
    const events: StreamingData[] = [];
    this.events = events;
    this.scanner.push(chunk);
    const section = this.section;
    if (section?.stream instanceof TextSectionStream) this.take(section, section.stream.flush());
    return events;
  }

  finish(final: FinalParse | undefined): StreamingData[] {
    if (this.finished) return [];
    const events: StreamingData[] = [];
    this.events = events;
    this.scanner.finish();
    this.finished = true;
    const source: CompletionSource =
      final !== undefined && !final.repaired ? 'final_reconciliation' : 'synthetic_repair';
    if (this.root === undefined) {
      // No section at all: whatever the final parse found (the JSON fallback) arrives whole.
      if (final !== undefined) pushEach(events, replayValue(final.value, source, true));
      return events;
    }
    this.closeSection(source, final);
    const value = final === undefined ? this.snapshot() : final.value;
    events.push({
      path: '',
      wildcard_path: '',
      indexes: [],
      delta: '',
      value,
      is_complete: true,
      event_type: 'done',
      completion_source: source,
    });
    return events;
  }

  snapshot(): unknown {
    const section = this.section;
    if (section !== undefined && this.root !== undefined) {
      const value = section.stream instanceof TextSectionStream ? section.stream.value : section.stream.snapshot();
      if (value !== undefined && readOwn(this.root, section.field.name) !== value) {
        this.root = applyPatch(this.root, [section.field.name], value) as Record<string, unknown>;
      }
    }
    return this.root;
  }

  // ── MarkdownSectionSink ─────────────────────────────────────────────────────────────────

  header(header: SectionHeader): void {
    this.closeSection('observed_boundary', undefined);
    if (this.root === undefined) {
      this.root = {};
      this.events.push({
        path: '',
        wildcard_path: '',
        indexes: [],
        delta: '',
        value: {},
        is_complete: false,
        event_type: 'delta',
      });
    }
    if (this.seen.has(header.name)) return; // a repeated section: its path is done already
    this.seen.add(header.name);
    const field = sectionFieldFor(this.fields, header.name, header.annotation);
    const stream =
      field.kind === 'text'
        ? new TextSectionStream([field.name], header.annotation !== 'text')
        : new JsonSectionStream(field, this.flavour, this.maxDepth);
    const json = stream instanceof JsonSectionStream ? stream : undefined;
    this.section = { field, path: formatPath([field.name]), stream, json };
  }

  text(text: string): void {
    const section = this.section;
    if (section === undefined) return;
    if (section.json === undefined) (section.stream as TextSectionStream).text(text);
    else this.take(section, section.json.text(text));
  }

  fence(line: string, role: 'open' | 'close'): void {
    const section = this.section;
    if (section === undefined) return;
    if (section.json === undefined) (section.stream as TextSectionStream).fence(line, role);
    else this.take(section, section.json.fence(line, role));
  }

  // ── helpers ─────────────────────────────────────────────────────────────────────────────

  /**
   * Closes the open section: on `final` (the whole answer's parse) at `finish`, else on the
   * section's own final value. Its `done` value is kept in the snapshot.
   */
  private closeSection(source: CompletionSource, final: FinalParse | undefined): void {
    const section = this.section;
    if (section === undefined) return;
    this.section = undefined;
    const { field, stream } = section;
    let closing: StreamingData[];
    if (stream instanceof TextSectionStream) {
      const finalValue = final === undefined ? undefined : readOwn(final.value, field.name);
      closing = stream.close(source, typeof finalValue === 'string' || finalValue === null ? finalValue : undefined);
    } else {
      closing = stream.close(source, final);
    }
    this.take(section, closing);
  }

  /** Passes a section's events on; the field's `done` value goes into the snapshot. */
  private take(section: OpenSection, events: readonly StreamingData[]): void {
    if (events.length === 0) return;
    for (const event of events) {
      this.events.push(event);
      if (event.event_type === 'done' && event.path === section.path && this.root !== undefined) {
        this.root = applyPatch(this.root, [section.field.name], event.value) as Record<string, unknown>;
      }
    }
  }
}
