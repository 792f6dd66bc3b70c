import { invalid } from '../errors/check-argument';
import { FieldstreamError } from '../errors/errors';
import { checkSegment, checkSegments } from './check-patch';
import type { PathSegment } from './path-segment';

export type { PathSegment } from './path-segment';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Formats segments as a path: keys joined by `.`, indexes as `[i]`, and keys that are not plain
 * identifiers as `["key"]` with JSON string quoting.
 */
export function formatPath(segments: readonly PathSegment[]): string {
  checkSegments('formatPath segments', segments);
  let out = '';
  for (const segment of segments) out = appendSegment(out, segment);
  return out;
}

/** Appends one segment to an already formatted path (cheap; used on hot paths). */
export function appendSegment(path: string, segment: PathSegment): string {
  if (typeof path !== 'string') throw invalid('appendSegment path', 'a string', path);
  checkSegment('appendSegment segment', segment);
  if (typeof segment === 'number') return `${path}[${segment}]`;
  if (IDENTIFIER.test(segment)) return path === '' ? segment : `${path}.${segment}`;
  return `${path}[${JSON.stringify(segment)}]`;
}

/** Parses a path written by {@link formatPath}. `[*]` parses to the segment `'*'` wildcard marker. */
export function parsePath(path: string): PathSegment[] {
  return readPath(path, false);
}

/**
 * The segments of a place a patch writes to: {@link parsePath}'s, but a wildcard `[*]` (a pattern
 * for reading) is a `PathSyntaxError` too. A quoted `["*"]` is a key like any other.
 */
export function placeSegments(path: string): PathSegment[] {
  return readPath(path, true);
}

/**
 * A place's segments with the offset in its path where each segment ends: what a reader of many
 * paths keeps of the last one, so the next path parses only past the prefix they share
 * ({@link PlaceParser}).
 */
type ParsedPlace = { segments: PathSegment[]; ends: number[] };

function readPath(path: string, place: boolean, from?: ParsedPlace, start = 0): PathSegment[] {
  if (typeof path !== 'string') throw invalid('parsePath path', 'a string', path);
  const segments: PathSegment[] = from?.segments ?? [];
  const ends = from?.ends;
  let i = start;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '.') {
      if (segments.length === 0) throw new PathSyntaxError(path, i, 'a path cannot start with "."');
      i++;
      const start = i;
      while (i < path.length && path[i] !== '.' && path[i] !== '[') i++;
      const key = path.slice(start, i);
      if (!IDENTIFIER.test(key)) throw new PathSyntaxError(path, start, `"${key}" is not an identifier`);
      segments.push(key);
    } else if (ch === '[') {
      const close = readBracket(path, i, segments, place);
      i = close + 1;
    } else {
      if (segments.length > 0) throw new PathSyntaxError(path, i, 'expected "." or "["');
      const start = i;
      while (i < path.length && path[i] !== '.' && path[i] !== '[') i++;
      const key = path.slice(start, i);
      if (!IDENTIFIER.test(key) && !RESERVED_KEYS.has(key)) {
        throw new PathSyntaxError(path, start, `"${key}" is not an identifier`);
      }
      segments.push(key);
    }
    ends?.push(i);
  }
  return segments;
}

/**
 * {@link placeSegments} for a stream of paths, each parsed once and only past the prefix it shares
 * with the previous one (a patch stream's next path is most often a sibling, a child or an
 * ancestor's sibling of the last). Throws `PathSyntaxError` as `placeSegments` does.
 */
export class PlaceParser {
  #path = '';
  #segments: PathSegment[] = [];
  /** Where each of the last path's segments ends: the parser's own, trimmed and refilled in place. */
  #ends: number[] = [];

  /** The segments of `path`. The array is never changed once returned: read it, never change it. */
  segmentsOf(path: string): readonly PathSegment[] {
    if (path === this.#path) return this.#segments;
    const previous = this.#path;
    const ends = this.#ends;
    // The longest run of the previous path's segments that `path` repeats, up to a boundary of both.
    const limit = Math.min(previous.length, path.length);
    let shared = 0;
    while (shared < limit && previous.charCodeAt(shared) === path.charCodeAt(shared)) shared++;
    let kept = 0;
    while (kept < ends.length) {
      const end = ends[kept] as number;
      if (end > shared) break;
      // A boundary of `path` too: its end, or a `.` or `[` that starts its next segment.
      if (end < path.length) {
        const next = path.charCodeAt(end);
        if (next !== DOT_CODE && next !== OPEN_CODE) break;
      }
      kept++;
    }
    const start = kept === 0 ? 0 : (ends[kept - 1] as number);
    const segments = this.#segments.slice(0, kept);
    ends.length = kept;
    try {
      readPath(path, true, { segments, ends }, start);
    } catch (error) {
      // The ends were trimmed for a path that failed: the next path parses whole.
      this.#path = '';
      this.#segments = [];
      ends.length = 0;
      throw error;
    }
    this.#path = path;
    this.#segments = segments;
    return segments;
  }
}

const DOT_CODE = 46;
const OPEN_CODE = 91;

/** The reserved channels a path may start with (docs/patch-contract.md §5). */
const RESERVED_KEYS = new Set(['$reasoning', '$status', '$tools']);

/** The wildcard marker produced by {@link parsePath} for `[*]`. */
export const WILDCARD = '*';

/** The segments of a path that parses and holds no wildcard (a place a patch can be); else `undefined`. */
export function concreteSegments(path: string): PathSegment[] | undefined {
  try {
    const segments = parsePath(path);
    return segments.includes(WILDCARD) ? undefined : segments;
  } catch {
    return undefined; // a path that does not parse
  }
}

function readBracket(path: string, open: number, segments: PathSegment[], place: boolean): number {
  const next = path[open + 1];
  if (next === '"') {
    // A JSON string literal: find its closing quote, honouring escapes.
    let j = open + 2;
    while (j < path.length && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
    if (path[j + 1] !== ']') throw new PathSyntaxError(path, open, 'unterminated ["key"]');
    segments.push(JSON.parse(path.slice(open + 1, j + 1)) as string);
    return j + 1;
  }
  const close = path.indexOf(']', open);
  if (close < 0) throw new PathSyntaxError(path, open, 'unterminated "["');
  const body = path.slice(open + 1, close);
  if (body === '*' && !place) segments.push(WILDCARD);
  else if (/^(0|[1-9][0-9]*)$/.test(body)) segments.push(Number(body));
  else throw new PathSyntaxError(path, open, `"[${body}]" is not an index`);
  return close;
}

/** Replaces every index of a path by `[*]`: `items[3].tags[0]` → `items[*].tags[*]`. */
export function wildcardOf(path: string): string {
  let out = '';
  let i = 0;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '[' && path[i + 1] === '"') {
      // Copy a quoted key verbatim: digits inside it are not indexes.
      let j = i + 2;
      while (j < path.length && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
      out += path.slice(i, j + 2);
      i = j + 2;
    } else if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) return out + path.slice(i);
      out += '[*]';
      i = close + 1;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** Thrown for a path string that does not follow the path grammar. */
export class PathSyntaxError extends FieldstreamError {
  override name = 'PathSyntaxError';
  constructor(
    readonly path: string,
    readonly offset: number,
    reason: string,
  ) {
    super('PATH_INVALID', `Invalid path ${JSON.stringify(path)} at ${offset}: ${reason}`);
  }
}
