import { writeOwn } from '../../patch/apply-patch';
import { isRecord } from '../../patch/container';
import { formatPath, type PathSegment } from '../../patch/path';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import { pathEvent, valueEvents } from '../common/value-events';
import { parseYamlLines } from './parse-yaml-text';
import { splitKeyLine } from './yaml-key-line';

type Mode =
  /** No significant line yet. */
  | 'undecided'
  /** A block sequence: each `- ` item at the units' indentation is a unit. */
  | 'sequence'
  /** A block mapping: each key at the units' indentation is a unit. */
  | 'mapping'
  /** Not read unit by unit (anything else, or a unit that did not parse alone). */
  | 'whole';

const DASH = /^-(?: |$)/;

/**
 * A top-level `key:` entry whose value is a nested block, read unit by unit: as soon as the next
 * list item (or nested key) begins, the previous one is parsed (`parseYamlLines`: the fast subset
 * reader, else the `yaml` package) and its events are emitted (`items[0].name` … `items[0]`), so a long list streams item by item. The
 * container's `done` comes when the entry ends. Anything that does not split cleanly (a flow
 * collection, a tab, an alias to an earlier item) falls back to one parse of the whole entry,
 * which emits whatever was not emitted yet.
 */
export class YamlBlockEntry {
  readonly key: string;
  readonly #path: string;
  readonly #maxDepth: number | undefined;
  /** Every line of the entry, header first, for the whole-entry parse. */
  readonly #lines: string[];
  #mode: Mode = 'undecided';
  #indent = 0;
  /** The current unit's lines, de-indented. */
  #unit: string[] = [];
  #container: unknown[] | Record<string, unknown> | undefined;
  /** Whether the container's opening delta was emitted (then it must get its `done`). */
  #opened = false;
  #version = 0;

  constructor(key: string, headerLine: string, maxDepth: number | undefined) {
    this.key = key;
    this.#path = formatPath([key]);
    this.#maxDepth = maxDepth;
    this.#lines = [headerLine];
  }

  /** Whether the entry has emitted events (so its path must be closed). */
  get opened(): boolean {
    return this.#opened;
  }

  /** The value emitted so far, and a number that changes whenever it does. */
  get partial(): { value: unknown; version: number } {
    return { value: this.#container, version: this.#version };
  }

  /** A line of the entry after its header. */
  addLine(line: string): StreamingData[] {
    this.#lines.push(line);
    if (this.#mode === 'whole') return [];
    const events: StreamingData[] = [];
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) {
      if (this.#unit.length > 0) this.#unit.push(this.#deindent(line));
      return events;
    }
    const indent = line.length - trimmed.length;
    if (this.#mode === 'undecided') this.#decide(line, indent, events);
    else if (indent < this.#indent || line.slice(0, indent).includes('\t')) this.#mode = 'whole';
    else if (indent === this.#indent && this.#startsUnit(trimmed)) {
      this.#flushUnit('observed_boundary', events);
      if ((this.#mode as Mode) !== 'whole') this.#unit = [trimmed];
    } else if (indent === this.#indent && this.#mode === 'sequence') {
      this.#mode = 'whole';
    } else {
      this.#unit.push(this.#deindent(line));
    }
    return events;
  }

  /**
   * The entry ended: emits the last unit and the container's `done`. `settled` is the final
   * parse's value for the key, when there is one: it wins. An entry not read unit by unit is
   * parsed whole. `value` is `undefined` when nothing could be settled: the entry then waits for
   * the final parse (and `force` closes it with what was emitted).
   */
  complete(source: CompletionSource, settled?: unknown, force = false): { events: StreamingData[]; value: unknown } {
    const events: StreamingData[] = [];
    if (settled === undefined && this.#unit.length > 0) this.#flushUnit(source, events);
    let value: unknown = settled;
    if (value === undefined && this.#mode !== 'whole' && this.#container !== undefined) value = this.#container;
    if (value === undefined) {
      const parsed = parseYamlLines(this.#lines, false);
      if (parsed.ok && isRecord(parsed.value) && Object.hasOwn(parsed.value, this.key)) {
        value = parsed.value[this.key];
      } else if (force && this.#opened) {
        value = this.#container;
      } else {
        return { events, value: undefined };
      }
    }
    if (!this.#opened) {
      this.#opened = true;
      return { events: valueEvents([this.key], value, source, this.#maxDepth), value };
    }
    this.#emitRest(value, source, events);
    events.push(pathEvent(this.#path, [], '', value, source));
    return { events, value };
  }

  /** The first significant line decides how the entry is read. */
  #decide(line: string, indent: number, events: StreamingData[]): void {
    const body = line.slice(indent);
    if (line.slice(0, indent).includes('\t')) {
      this.#mode = 'whole';
      return;
    }
    if (DASH.test(body)) this.#mode = 'sequence';
    else if (splitKeyLine(body) !== undefined) this.#mode = 'mapping';
    else {
      this.#mode = 'whole';
      return;
    }
    this.#indent = indent;
    this.#unit = [body];
    this.#container = this.#mode === 'sequence' ? [] : {};
    this.#opened = true;
    events.push(pathEvent(this.#path, [], '', this.#mode === 'sequence' ? [] : {}));
  }

  #startsUnit(trimmed: string): boolean {
    if (this.#mode === 'sequence') return DASH.test(trimmed);
    // In a mapping, `- ` lines at the keys' indentation are a compact list of the key above.
    return !DASH.test(trimmed) && splitKeyLine(trimmed) !== undefined;
  }

  #deindent(line: string): string {
    let spaces = 0;
    while (spaces < this.#indent && line.charCodeAt(spaces) === 32) spaces++;
    return line.slice(spaces);
  }

  /** Parses the current unit alone and emits its events; a unit that does not parse alone ends unit reading. */
  #flushUnit(source: CompletionSource, events: StreamingData[]): void {
    const parsed = parseYamlLines(this.#unit, false);
    this.#unit = [];
    const container = this.#container;
    if (!parsed.ok || container === undefined) {
      this.#mode = 'whole';
      return;
    }
    const { value } = parsed;
    if (Array.isArray(container) && Array.isArray(value)) {
      for (const item of value) {
        const segments: PathSegment[] = [this.key, container.length];
        for (const event of valueEvents(segments, item, source, this.#maxDepth)) events.push(event);
        container.push(item);
      }
    } else if (!Array.isArray(container) && isRecord(value)) {
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(container, key)) continue; // a repeated key is not streamed twice
        for (const event of valueEvents([this.key, key], value[key], source, this.#maxDepth)) events.push(event);
        writeOwn(container, key, value[key]);
      }
    } else {
      this.#mode = 'whole';
      return;
    }
    this.#version++;
  }

  /** Emits the parts of `value` that were not emitted unit by unit. */
  #emitRest(value: unknown, source: CompletionSource, events: StreamingData[]): void {
    const container = this.#container;
    if (Array.isArray(container) && Array.isArray(value)) {
      for (let index = container.length; index < value.length; index++) {
        for (const event of valueEvents([this.key, index], value[index], source, this.#maxDepth)) events.push(event);
      }
    } else if (container !== undefined && !Array.isArray(container) && isRecord(value)) {
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(container, key)) continue;
        for (const event of valueEvents([this.key, key], value[key], source, this.#maxDepth)) events.push(event);
      }
    }
  }
}
