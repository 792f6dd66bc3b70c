import { formatPath, type PathSegment, parsePath, WILDCARD } from '../patch/path';
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
  if (path.startsWith('$')) return undefined;
  // Most others are a child, an ancestor or a sibling of the previous path: derived from its segments.
  let parsed = trail.plain ? nearPath(path, trail.path as string, (trail.parsed as ParsedPath)[0]) : undefined;
  // A derived path has no quoted key (its prefix is the previous path's, and the rest is checked).
  trail.plain = parsed !== undefined;
  if (parsed === undefined) {
    parsed = cachedPath(path);
    trail.plain = !path.includes('"');
  }
  trail.path = path;
  trail.parsed = parsed;
  return parsed;
}

/**
 * `path` parsed from the previous path `last`'s segments (`last` has no quoted key) when the parent of
 * `path` is the previous path or one of its ancestors (`path` is then a child, a sibling, an
 * ancestor, or the child of an ancestor of the previous path) and its last segment is a plain
 * `.key` or `[index]`: parsing is prefix by prefix, so the shared prefix parses to the same
 * segments. `undefined` otherwise (and for anything `parsePath` might reject: it then parses the
 * whole path).
 */
function nearPath(path: string, last: string, lastSegments: readonly PathSegment[]): ParsedPath | undefined {
  const prefix = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
  if (prefix < 0 || !last.startsWith(path.slice(0, prefix))) return undefined;
  // The parent ends at a boundary of the previous path too.
  const next = last[prefix];
  if (next !== undefined && next !== '.' && next !== '[') return undefined;
  const dropped = count(last, '.', prefix) + count(last, '[', prefix);
  const segments = lastSegments.slice(0, lastSegments.length - dropped);
  return appendSegments(segments, path, prefix) ? [segments, path] : undefined;
}

/** How many times `char` occurs in `text` from `start` (by `indexOf`: no per-character loop in JS). */
function count(text: string, char: string, start: number): number {
  let found = 0;
  for (let i = text.indexOf(char, start); i >= 0; i = text.indexOf(char, i + 1)) found++;
  return found;
}

/** Pushes the plain `.key` and `[index]` segments of `path` from `start`; false at anything else. */
function appendSegments(segments: PathSegment[], path: string, start: number): boolean {
  let i = start;
  while (i < path.length) {
    const open = path[i];
    const end = nextBoundary(path, i + 1);
    if (open === '.') {
      // A path cannot start with a dot (the root's first key is bare).
      if (i === 0) return false;
      const key = path.slice(i + 1, end);
      if (!IDENTIFIER.test(key)) return false;
      segments.push(key);
    } else {
      const body = path.slice(i + 1, end - 1);
      if (open !== '[' || path[end - 1] !== ']') return false;
      if (body === '*') segments.push(WILDCARD);
      else if (INDEX.test(body)) segments.push(Number(body));
      else return false;
    }
    i = end;
  }
  return true;
}

/** The index of the next `.` or `[` in `path` from `start`, or its length. */
function nextBoundary(path: string, start: number): number {
  const dot = path.indexOf('.', start);
  const bracket = path.indexOf('[', start);
  if (dot < 0) return bracket < 0 ? path.length : bracket;
  return bracket < 0 ? dot : Math.min(dot, bracket);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^(0|[1-9][0-9]*)$/;

function cachedPath(path: string): ParsedPath {
  let parsed = parsedPaths.get(path);
  if (parsed === undefined) {
    const segments = parsePath(path);
    // Only a quoted key can be written two ways (`["a"]` is `.a`): a path without one is canonical,
    // and then the event's own string is the key (the source keeps it anyway, so the key is free).
    parsed = [segments, path.includes('"') ? formatPath(segments) : path];
    if (path.length <= CACHED_PATH_LENGTH) {
      if (parsedPaths.size >= CACHED_PATHS) parsedPaths.clear();
      parsedPaths.set(path, parsed);
    }
  }
  return parsed;
}

/** Paths `nearPath` cannot derive (top-level keys, quoted keys, jumps across branches), in a bounded cache. */
const parsedPaths = new Map<string, ParsedPath>();
const CACHED_PATHS = 4096;
const CACHED_PATH_LENGTH = 256;
