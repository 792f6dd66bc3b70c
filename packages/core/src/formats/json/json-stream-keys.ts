import { appendSegment } from '../../patch/path';

/** How a key extends a path: `first` when the parent path is empty, `next` otherwise. */
export type KeySegment = { readonly first: string; readonly next: string };

const MAX_CACHED = 4096;
const cache = new Map<string, KeySegment>();

/**
 * The path text of an object key (`.name` / `["x y"]`), cached because records repeat the same
 * keys many times and formatting tests a regular expression.
 */
export function keySegment(key: string): KeySegment {
  let segment = cache.get(key);
  if (segment === undefined) {
    const first = appendSegment('', key);
    segment = { first, next: first.startsWith('[') ? first : `.${first}` };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, segment);
  }
  return segment;
}
