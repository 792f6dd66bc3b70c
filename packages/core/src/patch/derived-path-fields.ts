import { concreteSegments, wildcardOf } from './path';
import type { StreamingData } from './streaming-data';

/**
 * The `wildcard_path` and `indexes` a patch's path implies, as every parser writes them: each
 * index of the path (`$tools[0]`'s too) and the path with each index as `[*]`. How a patch is
 * rebuilt from its path alone: replayed from a response's log, or read off the wire. A path that
 * does not parse, or holds a wildcard, is its own wildcard path and has no indexes.
 */
export function derivedPathFields(path: string): Pick<StreamingData, 'wildcard_path' | 'indexes'> {
  // No bracket, no index (and nothing to parse): most paths of an answer.
  const segments = path.includes('[') ? concreteSegments(path) : undefined;
  if (segments === undefined) return { wildcard_path: path, indexes: [] };
  return {
    wildcard_path: wildcardOf(path),
    indexes: segments.filter((segment): segment is number => typeof segment === 'number'),
  };
}
