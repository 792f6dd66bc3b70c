import { concreteSegments, type PathSegment, wildcardOf } from './path';
import type { StreamingData } from './streaming-data';

/**
 * The `wildcard_path` and `indexes` a patch's path implies, as every parser writes them: each
 * index of the path (`$tools[0]`'s too) and the path with each index as `[*]`. How a patch read
 * off the wire is rebuilt from its path alone (the value mirror keeps them per path). A path that
 * does not parse, or holds a wildcard, is its own wildcard path and has no indexes. `segments`:
 * the path's `concreteSegments`, when the caller has them already.
 */
export function derivedPathFields(
  path: string,
  segments?: readonly PathSegment[],
): Pick<StreamingData, 'wildcard_path' | 'indexes'> {
  // No bracket, no index (and nothing to parse): most paths of an answer.
  const concrete = path.includes('[') ? (segments ?? concreteSegments(path)) : undefined;
  if (concrete === undefined) return { wildcard_path: path, indexes: [] };
  return {
    wildcard_path: wildcardOf(path),
    indexes: concrete.filter((segment): segment is number => typeof segment === 'number'),
  };
}
