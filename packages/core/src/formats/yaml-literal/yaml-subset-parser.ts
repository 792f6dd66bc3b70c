import { writeOwn } from '../../patch/apply-patch';
import type { Chomping } from './literal-block-emitter';
import { MAX_YAML_NESTING } from './yaml-nesting-guard';
import { readFlowCollection } from './yaml-subset-flow';
import { leadingSpaces, readLiteralBlock } from './yaml-subset-literal';
import {
  canStartPlain,
  OutsideYamlSubset,
  outside,
  readQuoted,
  resolvePlainScalar,
  scanPlain,
} from './yaml-subset-scalars';

/*
 * A reader for the YAML that our instructions ask models for, without the `yaml` package (which is
 * slow on long answers, decision 0009): block mappings and sequences (compact `- key: value` items
 * included), literal blocks (`|`, `|-`, `|+`), plain and quoted scalars on one line, flow
 * collections on one line, comments and blank lines. It gives exactly the value the package gives (YAML 1.2 core schema,
 * duplicate keys allowed, `__proto__` as own data) — differential property tests hold it to that —
 * and whenever a text strays from the subset (anchors, aliases, tags, folded or multi-line
 * scalars, directives, tabs, explicit keys, non-string keys, odd indentation…) it gives up, so the
 * caller parses the text with the package instead. Iterative: depth costs no stack.
 */

/** Characters that send a structural line (anything but literal block content) to the package. */
const UNSAFE_STRUCTURAL = /[\t\r\uFEFF]/;
const NONE = Symbol('none');

type Frame = {
  value: Record<string, unknown> | unknown[];
  indent: number;
  /** A sequence that is a mapping value written at the mapping's own indentation. */
  compact: boolean;
};

/** A `key:` or `-` with nothing after it: its value is the block that follows, or null. */
type Pending = {
  container: Record<string, unknown> | unknown[];
  key: string | number;
  indent: number;
  /** A block sequence may start at `indent` itself (mapping values only). */
  compactAllowed: boolean;
};

/**
 * Reads `lines` (a text split at `\n`; `endsWithNewline` when the text's last line break was
 * dropped before splitting) as one YAML document. `undefined` when the document is outside the
 * subset, or empty: the caller must then parse it with the `yaml` package.
 */
export function parseYamlSubset(lines: readonly string[], endsWithNewline: boolean): { value: unknown } | undefined {
  let count = lines.length;
  let newline = endsWithNewline;
  if (!newline && count > 0 && lines[count - 1] === '') {
    count--;
    newline = true;
  }
  // A last line of spaces without its line break: how the package chomps it is not modelled.
  const last = lines[count - 1];
  if (!newline && last !== undefined && leadingSpaces(last) === last.length) return undefined;
  try {
    const value = new SubsetReader(count === lines.length ? lines : lines.slice(0, count)).read();
    return value === NONE ? undefined : { value };
  } catch (error) {
    if (error instanceof OutsideYamlSubset) return undefined;
    throw error;
  }
}

/** {@link parseYamlSubset} for a whole text. */
export function parseYamlSubsetText(text: string): { value: unknown } | undefined {
  const lines = text.split('\n');
  const endsWithNewline = lines[lines.length - 1] === '';
  if (endsWithNewline) lines.pop();
  return parseYamlSubset(lines, endsWithNewline);
}

class SubsetReader {
  readonly #lines: readonly string[];
  readonly #stack: Frame[] = [];
  #pending: Pending | undefined;
  #root: unknown = NONE;
  /** Index of the line being read (a literal block moves it to its last line). */
  #at = 0;
  // An upper bound of what the nesting guard measures (see `#checkNesting`).
  #widestIndent = 0;
  #indicators = 0;
  #mostIndicators = 0;
  #deepestFlow = 0;
  #literalHeader = false;

  constructor(lines: readonly string[]) {
    this.#lines = lines;
  }

  read(): unknown {
    const lines = this.#lines;
    for (this.#at = 0; this.#at < lines.length; this.#at++) {
      const line = lines[this.#at] as string;
      const indent = leadingSpaces(line);
      this.#widestIndent = Math.max(this.#widestIndent, indent);
      if (indent === line.length) continue;
      if (UNSAFE_STRUCTURAL.test(line)) outside();
      this.#indicators += indicatorCount(line);
      this.#mostIndicators = Math.max(this.#mostIndicators, this.#indicators);
      if (line.charCodeAt(indent) === 35) continue; // a comment line
      this.#literalHeader = false;
      this.#structuralLine(line, indent);
      if (!this.#literalHeader) this.#indicators = 0;
    }
    if (this.#pending !== undefined) this.#settlePending(null);
    this.#checkNesting();
    return this.#root;
  }

  /**
   * The `yaml_literal` nesting guard (`nestsTooDeep`) must let every text read here through, as
   * it would before the package. Its measure, per run of lines the `yaml` lexer does not separate
   * by a line-break token (a literal block header runs on into the line after its block), is
   * `2 × indentation + indicators + 1`, plus the flow depth. Bounded here from above: the widest
   * indentation of any line but literal content, every `-?:` character of such lines, the deepest
   * flow collection. Past the limit the text goes to the package, guard included.
   */
  #checkNesting(): void {
    if (2 * this.#widestIndent + this.#mostIndicators + 1 > MAX_YAML_NESTING) outside();
    if (this.#deepestFlow > MAX_YAML_NESTING) outside();
  }

  #structuralLine(line: string, indent: number): void {
    const dash = isDashAt(line, indent);
    const pending = this.#pending;
    if (pending !== undefined) {
      if (indent > pending.indent || (dash && pending.compactAllowed && indent === pending.indent)) {
        const frame: Frame = { value: dash ? [] : {}, indent, compact: indent === pending.indent };
        this.#settlePending(frame.value);
        this.#stack.push(frame);
      } else {
        this.#settlePending(null);
      }
    }
    const stack = this.#stack;
    if (stack.length === 0) {
      if (this.#root !== NONE) outside(); // a second node at the top
      const frame: Frame = { value: dash ? [] : {}, indent, compact: false };
      this.#root = frame.value;
      stack.push(frame);
    }
    let top = stack[stack.length - 1] as Frame;
    while (top.indent > indent || (top.indent === indent && top.compact && !dash)) {
      stack.pop();
      top = stack[stack.length - 1] ?? outside();
    }
    if (top.indent !== indent || Array.isArray(top.value) !== dash) outside();
    if (Array.isArray(top.value)) this.#sequenceItem(top.value, line, indent);
    else this.#mappingEntry(top.value, line, indent, indent);
  }

  #settlePending(value: unknown): void {
    const pending = this.#pending as Pending;
    this.#pending = undefined;
    writeOwn(pending.container, pending.key, value);
  }

  #sequenceItem(sequence: unknown[], line: string, dash: number): void {
    let at = dash + 1;
    while (line.charCodeAt(at) === 32) at++;
    const index = sequence.length;
    sequence.push(null);
    if (at === line.length || line[at] === '#') {
      this.#pending = { container: sequence, key: index, indent: dash, compactAllowed: false };
      return;
    }
    if (isDashAt(line, at)) outside(); // `- - x`
    if (splitKey(line, at) !== undefined) {
      // `- key: value`: a mapping whose keys sit at `at`.
      const mapping: Record<string, unknown> = {};
      sequence[index] = mapping;
      this.#stack.push({ value: mapping, indent: at, compact: false });
      this.#mappingEntry(mapping, line, at, at);
      return;
    }
    sequence[index] = this.#inlineValue(line, at, dash);
  }

  #mappingEntry(mapping: Record<string, unknown>, line: string, keyAt: number, indent: number): void {
    const split = splitKey(line, keyAt) ?? outside();
    let at = split.valueAt;
    while (line.charCodeAt(at) === 32) at++;
    if (at === line.length || line[at] === '#') {
      this.#pending = { container: mapping, key: split.key, indent, compactAllowed: true };
      return;
    }
    writeOwn(mapping, split.key, this.#inlineValue(line, at, indent));
  }

  /** The value written on its key's (or dash's) line, from `at`; `ownerIndent` is the node's. */
  #inlineValue(line: string, at: number, ownerIndent: number): unknown {
    const char = line[at];
    if (char === '|') {
      const chomping = literalChomping(line, at);
      const block = readLiteralBlock(this.#lines, this.#at, ownerIndent, chomping);
      this.#at = block.last;
      this.#widestIndent = Math.max(this.#widestIndent, block.blankWidth);
      this.#literalHeader = true;
      return block.value;
    }
    if (char === '"' || char === "'") {
      const quoted = readQuoted(line, at) ?? outside();
      expectLineEnd(line, quoted.end);
      return quoted.value;
    }
    if (char === '[' || char === '{') {
      const flow = readFlowCollection(line, at);
      this.#deepestFlow = Math.max(this.#deepestFlow, flow.depth);
      expectLineEnd(line, flow.end);
      return flow.value;
    }
    if (!canStartPlain(line, at, false)) outside();
    const scan = scanPlain(line, at, false);
    if (line[scan.stop] === ':') outside(); // `a: b: c`
    return resolvePlainScalar(line.slice(at, scan.end));
  }
}

/** Whether a block sequence item's dash (`-` then a space or the end) is at `line[at]`. */
function isDashAt(line: string, at: number): boolean {
  if (line.charCodeAt(at) !== 45) return false;
  const next = line.charCodeAt(at + 1);
  return Number.isNaN(next) || next === 32;
}

/** Nothing but blanks and a comment (after a blank) may follow a value on its line. */
function expectLineEnd(line: string, from: number): void {
  let at = from;
  while (line.charCodeAt(at) === 32) at++;
  if (at === line.length) return;
  if (line[at] !== '#' || at === from) outside();
}

/** The chomping of a literal header at `line[at]`: `|`, `|-` or `|+`, then blanks and an optional comment. */
function literalChomping(line: string, at: number): Chomping {
  let next = at + 1;
  const sign = line[next];
  const chomping: Chomping = sign === '-' ? 'strip' : sign === '+' ? 'keep' : 'clip';
  if (chomping !== 'clip') next++;
  if (next < line.length) {
    if (line[next] !== ' ') outside(); // an indentation indicator, or text
    expectLineEnd(line, next);
  }
  return chomping;
}

/** Longest implicit key kept in the subset (the package refuses keys over 1024 characters). */
const MAX_KEY_LENGTH = 1000;

/**
 * The key of a `key: value` line whose key starts at `line[at]`: a plain scalar that resolves to
 * a string, or a quoted scalar, then `:` and a blank or the end of the line. `valueAt` is just
 * after the `:`. `undefined` when the line is not such an entry.
 */
function splitKey(line: string, at: number): { key: string; valueAt: number } | undefined {
  const char = line[at];
  if (char === '"' || char === "'") {
    const quoted = readQuoted(line, at);
    if (quoted === undefined) return undefined;
    let colon = quoted.end;
    while (line.charCodeAt(colon) === 32) colon++;
    if (line[colon] !== ':' || !isBlankOrEnd(line, colon + 1)) return undefined;
    if (colon - at > MAX_KEY_LENGTH) outside();
    return { key: quoted.value, valueAt: colon + 1 };
  }
  if (!canStartPlain(line, at, false)) return undefined;
  const scan = scanPlain(line, at, false);
  if (line[scan.stop] !== ':') return undefined;
  if (scan.stop - at > MAX_KEY_LENGTH) outside();
  const key = resolvePlainScalar(line.slice(at, scan.end));
  // Keys that are not strings (`1:`, `true:`, `~:`) and the merge key go to the package.
  if (typeof key !== 'string' || key === '<<') outside();
  return { key, valueAt: scan.stop + 1 };
}

function isBlankOrEnd(line: string, at: number): boolean {
  return at === line.length || line.charCodeAt(at) === 32;
}

/** The `-`, `?` and `:` characters of a line: at least its indicator tokens. */
function indicatorCount(line: string): number {
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === 45 || code === 58 || code === 63) count++;
  }
  return count;
}
