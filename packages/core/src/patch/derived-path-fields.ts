import { appendSegment, type PathSegment } from './path';
import type { StreamingData } from './streaming-data';

/**
 * The `wildcard_path` and `indexes` a patch's path implies, as every parser writes them: each
 * index of the path (`$tools[0]`'s too) and the path with each index as `[*]`, from the path's
 * place `segments`. How a patch read off the wire is rebuilt from its path alone (the value
 * mirror keeps them per path; the writer sends them only where they differ, so both ends derive
 * them the same way). A path that is not a place (no `segments`) is its own wildcard path.
 */
export function derivedPathFields(
  path: string,
  segments: readonly PathSegment[] | undefined,
): Pick<StreamingData, 'wildcard_path' | 'indexes'> {
  // No bracket, no index: most paths of an answer.
  if (segments === undefined || !path.includes('[')) return { wildcard_path: path, indexes: [] };
  const indexes = segments.filter((segment): segment is number => typeof segment === 'number');
  if (indexes.length === 0) return { wildcard_path: path, indexes };
  let wildcard = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as PathSegment;
    // A reserved channel (`$tools`) leads the path as it is written.
    if (typeof segment === 'number') wildcard += '[*]';
    else wildcard = i === 0 && segment.startsWith('$') ? segment : appendSegment(wildcard, segment);
  }
  return { wildcard_path: wildcard, indexes };
}
