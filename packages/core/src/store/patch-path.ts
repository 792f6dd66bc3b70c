import { formatPath, type PathSegment, parsePath } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';

/** A patch path's segments and its record key (the canonical path). */
export type ParsedPath = readonly [segments: readonly PathSegment[], key: string];

/**
 * One store's previous patch path and its segments: the next path is usually the same, a child, a
 * sibling or an ancestor. Kept per store, so streams updating many stores at once each keep theirs.
 */
export type PathTrail = { path: string | undefined; parsed: ParsedPath | undefined; plain: boolean };

export function pathTrail(): PathTrail {
  return { path: undefined, parsed: undefined, plain: false };
}

/**
 * The segments and record key of a patch's path; `undefined` for reserved `$` channels, which never
 * enter the data tree. Throws `PathSyntaxError` for a malformed path.
 */
export function parsePatchPath({ path }: StreamingData, trail: PathTrail): ParsedPath | undefined {
  // Most patches repeat the previous one's path (a string streaming over several chunks).
  if (path === trail.path) return trail.parsed;
  if (path.charCodeAt(0) === DOLLAR) return undefined;
  // Most others are a child, an ancestor or a sibling of the previous path: derived from its segments.
  let parsed = trail.plain ? nearPath(path, trail.path as string, (trail.parsed as ParsedPath)[0]) : undefined;
  // A derived path has no quoted key (its prefix is the previous path's, and the rest is checked).
  trail.plain = parsed !== undefined;
  if (parsed === undefined) {
    parsed = cachedPath(path);
    trail.plain = isCanonical(path);
  }
  trail.path = path;
  trail.parsed = parsed;
  return parsed;
}

/**
 * `parsePatchPath` for a patch whose source parsed its place already (`ChunkEvent.places`): the
 * segments as given, the record key the canonical path.
 */
export function placedPath(
  { path }: StreamingData,
  segments: readonly PathSegment[],
  trail: PathTrail,
): ParsedPath | undefined {
  if (path === trail.path) return trail.parsed;
  if (path.charCodeAt(0) === DOLLAR) return undefined;
  const plain = isCanonical(path);
  const parsed: ParsedPath = [segments, plain ? path : formatPath(segments)];
  trail.path = path;
  trail.parsed = parsed;
  trail.plain = plain;
  return parsed;
}

/**
 * `path` parsed from the previous path `last`'s segments (`last` has no quoted key) when the parent of
 * `path` is the previous path or one of its ancestors (`path` is then a child, a sibling, an
 * ancestor, or the child of an ancestor of the previous path) and its last segment is a plain
 * `.key` or `[index]`: parsing is prefix by prefix, so the shared prefix parses to the same
 * segments. `undefined` otherwise (and for anything `parsePath` might reject: it then parses the
 * whole path). The last segment is read character by character (no string search, slice or
 * regular expression): this runs for every new path of a stream.
 */
function nearPath(path: string, last: string, lastSegments: readonly PathSegment[]): ParsedPath | undefined {
  const close = path.length - 1;
  let prefix = close;
  let segment: PathSegment;
  if (path.charCodeAt(close) === CLOSE) {
    // `[index]`, no leading zero (a wildcard `[*]` is parsed whole: its key is `["*"]`).
    while (prefix > 0 && isDigit(path.charCodeAt(prefix - 1))) prefix--;
    const digits = close - prefix;
    if (digits === 0 || (digits > 1 && path.charCodeAt(prefix) === ZERO)) return undefined;
    segment = digits > 15 ? Number(path.slice(prefix, close)) : digitsValue(path, prefix, close);
    prefix--;
    if (prefix < 0 || path.charCodeAt(prefix) !== OPEN) return undefined;
  } else {
    // `.key`, an identifier; a path cannot start with a dot (the root's first key is bare).
    while (prefix >= 0 && isIdentifierChar(path.charCodeAt(prefix))) prefix--;
    if (prefix <= 0 || prefix === close || path.charCodeAt(prefix) !== DOT) return undefined;
    if (isDigit(path.charCodeAt(prefix + 1))) return undefined;
    segment = path.slice(prefix + 1);
  }
  // The parent ends at a boundary of the previous path too, and both paths share it.
  if (prefix > last.length) return undefined;
  if (prefix < last.length) {
    const next = last.charCodeAt(prefix);
    if (next !== DOT && next !== OPEN) return undefined;
  }
  // One builtin compare (a loop of `charCodeAt` costs more on a stream's concatenated paths).
  if (!path.startsWith(prefix === last.length ? last : last.slice(0, prefix))) return undefined;
  // The previous path's segments past the parent: one per boundary (it has no quoted key).
  let dropped = 0;
  for (let i = last.length - 1; i >= prefix; i--) {
    const char = last.charCodeAt(i);
    if (char === DOT || char === OPEN) dropped++;
  }
  if (dropped > lastSegments.length) return undefined;
  // Made at its final length (a push after `slice` would grow it).
  const kept = lastSegments.length - dropped;
  const segments = dropped > 0 ? lastSegments.slice(0, kept + 1) : [...lastSegments, segment];
  segments[kept] = segment;
  return [segments, path];
}

const DOLLAR = 36;
const DOT = 46;
const OPEN = 91;
const CLOSE = 93;
const ZERO = 48;

export function isDigit(char: number): boolean {
  return char >= ZERO && char <= 57;
}

export function isIdentifierChar(char: number): boolean {
  // A-Z, a-z, 0-9, _
  return (char >= 65 && char <= 90) || (char >= 97 && char <= 122) || isDigit(char) || char === 95;
}

/** The integer the decimal digits `path[start, end)` spell (at most 15 of them: exact). */
function digitsValue(path: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (path.charCodeAt(i) - ZERO);
  return value;
}

function cachedPath(path: string): ParsedPath {
  let parsed = parsedPaths.get(path);
  if (parsed === undefined) {
    const segments = parsePath(path);
    // The event's own string is the key when canonical (the source keeps it anyway, so it is free).
    parsed = [segments, isCanonical(path) ? path : formatPath(segments)];
    if (path.length <= CACHED_PATH_LENGTH) {
      if (parsedPaths.size >= CACHED_PATHS) parsedPaths.clear();
      parsedPaths.set(path, parsed);
    }
  }
  return parsed;
}

/**
 * Whether `path` is written as `formatPath` writes it. Only a quoted key (`["a"]` is `.a`) and a
 * wildcard (`[*]` is the key `*`, written `["*"]`) can be written two ways.
 */
function isCanonical(path: string): boolean {
  return !path.includes('"') && !path.includes('*');
}

/** Paths `nearPath` cannot derive (top-level keys, quoted keys, jumps across branches), in a bounded cache. */
const parsedPaths = new Map<string, ParsedPath>();
const CACHED_PATHS = 4096;
const CACHED_PATH_LENGTH = 256;
