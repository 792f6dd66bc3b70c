/**
 * Section headers of the Markdown-section formats (hybrid, flat_markdown): a line
 * `### name`, optionally followed by ` [text]` or ` [JSON]`, where `name` is a top-level schema key
 * (exact and case-sensitive). Up to three spaces may indent the line (as in CommonMark).
 */

/** What a header line's annotation says about its section. */
export type SectionAnnotation = 'text' | 'json';

/** A recognised header line. */
export type SectionHeader = { name: string; annotation: SectionAnnotation | undefined };

const ANNOTATION = /[ \t]+\[(text|json)\]$/i;
const ANNOTATION_WORDS = ['[text]', '[json]'];
/** Without a schema, names up to this length are accepted. */
const FREE_NAME_LIMIT = 128;
/** Room on a header line for indentation, `###`, spaces and an annotation. */
const HEADER_SLACK = 64;

/**
 * Recognises header lines for one set of field names. Without names (no schema), any
 * whitespace-free name is accepted.
 */
export class SectionHeaderMatcher {
  private readonly names: ReadonlySet<string> | undefined;
  /**
   * Longer lines are never headers. The bound keeps the hold-back of a header-looking line (and
   * the work spent re-checking it per chunk) constant, however long the line grows.
   */
  private readonly maxLineLength: number;

  constructor(names: Iterable<string> | undefined) {
    this.names = names === undefined ? undefined : new Set(names);
    let longest = FREE_NAME_LIMIT;
    if (this.names !== undefined) {
      longest = 0;
      for (const name of this.names) longest = Math.max(longest, name.length);
    }
    this.maxLineLength = longest + HEADER_SLACK;
  }

  /** The header a complete line (without its line break) is, or `undefined`. */
  match(line: string): SectionHeader | undefined {
    if (line.length > this.maxLineLength) return undefined;
    const start = headerNameStart(line);
    if (start < 0 || start >= line.length) return undefined;
    const rest = trimEndSpace(line.slice(start));
    if (this.accepts(rest)) return { name: rest, annotation: undefined };
    const annotation = ANNOTATION.exec(rest);
    if (annotation === null) return undefined;
    const name = rest.slice(0, annotation.index);
    if (!this.accepts(name)) return undefined;
    return { name, annotation: (annotation[1] as string).toLowerCase() as SectionAnnotation };
  }

  /**
   * Whether an incomplete line could still become a header once more text arrives. Used to hold
   * back `### sco` until its line is complete; cheap, because it only runs on lines that start
   * like a header and stops as soon as they stop looking like one.
   */
  couldBecomeHeader(prefix: string): boolean {
    if (prefix.length > this.maxLineLength) return false;
    const start = headerNameStart(prefix);
    if (start === -2) return true; // still inside the `   ###  ` lead
    if (start < 0) return false;
    if (start >= prefix.length) return true;
    const rest = prefix.slice(start);
    if (this.names === undefined) return couldBeFreeName(rest);
    for (const name of this.names) {
      if (name.startsWith(rest)) return true;
      if (rest.startsWith(name) && couldBeHeaderTail(rest.slice(name.length))) return true;
    }
    return false;
  }

  private accepts(name: string): boolean {
    if (name === '') return false;
    return this.names === undefined ? !/\s/.test(name) : this.names.has(name);
  }
}

/**
 * Where the name starts in a (possibly partial) header line: after up to three spaces, `###` and
 * at least one space or tab. `-1` when the line cannot be a header; `-2` when the prefix ends
 * before the name could start (it may still become a header).
 */
function headerNameStart(line: string): number {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 32) i++;
  for (let hashes = 0; hashes < 3; hashes++, i++) {
    if (i >= line.length) return -2;
    if (line.charCodeAt(i) !== 35 /* # */) return -1;
  }
  if (i >= line.length) return -2;
  if (!isSpaceOrTab(line.charCodeAt(i))) return -1;
  while (i < line.length && isSpaceOrTab(line.charCodeAt(i))) i++;
  return i >= line.length ? -2 : i;
}

/** After a full name: nothing but spaces, optionally one annotation word and more spaces. */
function couldBeHeaderTail(tail: string): boolean {
  let i = 0;
  while (i < tail.length && isSpaceOrTab(tail.charCodeAt(i))) i++;
  if (i === tail.length) return true;
  if (i === 0) return false; // the name continues: not this name
  const word = tail.slice(i);
  for (const annotation of ANNOTATION_WORDS) {
    const lower = word.toLowerCase();
    if (annotation.startsWith(lower)) return true;
    if (lower.startsWith(annotation) && trimEndSpace(word.slice(annotation.length)) === '') return true;
  }
  return false;
}

/** Without a schema: a whitespace-free name, then an optional annotation. */
function couldBeFreeName(rest: string): boolean {
  const space = rest.search(/[ \t]/);
  if (space < 0) return !/\s/.test(rest);
  return couldBeHeaderTail(rest.slice(space));
}

function trimEndSpace(text: string): string {
  let end = text.length;
  while (end > 0 && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
  return text.slice(0, end);
}

function isSpaceOrTab(code: number): boolean {
  return code === 32 || code === 9;
}
