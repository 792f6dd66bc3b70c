import { formatPath, type PathSegment, PlaceParser } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';

/** A patch path's segments and its record key (the canonical path). */
export type ParsedPath = readonly [segments: readonly PathSegment[], key: string];

/**
 * One store's last patch path and how it parsed: the next path is usually the same, a child, a
 * sibling or an ancestor, which the store's `PlaceParser` reads only past the prefix they share.
 * Kept per store, so streams updating many stores at once each keep theirs.
 */
export type PathTrail = { path: string | undefined; parsed: ParsedPath | undefined; readonly places: PlaceParser };

export function pathTrail(): PathTrail {
  return { path: undefined, parsed: undefined, places: new PlaceParser() };
}

/**
 * The segments and record key of a patch's path; `undefined` for reserved `$` channels, which never
 * enter the data tree. Throws `PathSyntaxError` for a path that is not a place.
 */
export function parsePatchPath(data: StreamingData, trail: PathTrail): ParsedPath | undefined {
  const { path } = data;
  // Most patches repeat the previous one's path (a string streaming over several chunks).
  if (path === trail.path) return trail.parsed;
  if (path.charCodeAt(0) === DOLLAR) return undefined;
  return remember(trail, path, trail.places.segmentsOf(path));
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
  return remember(trail, path, segments);
}

function remember(trail: PathTrail, path: string, segments: readonly PathSegment[]): ParsedPath {
  // The event's own string is the key when canonical (the source keeps it anyway, so it is free).
  const parsed: ParsedPath = [segments, isCanonical(path) ? path : formatPath(segments)];
  trail.path = path;
  trail.parsed = parsed;
  return parsed;
}

const DOLLAR = 36;

/**
 * Whether `path` is written as `formatPath` writes it. Only a quoted key (`["a"]` is `.a`) and a
 * wildcard (`[*]` is the key `*`, written `["*"]`) can be written two ways.
 */
function isCanonical(path: string): boolean {
  return !path.includes('"') && !path.includes('*');
}
