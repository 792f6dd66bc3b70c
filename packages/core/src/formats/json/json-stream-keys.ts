import { appendSegment } from '../../patch/path';

/**
 * How a key extends a path: `first` when the parent path is empty, `next` otherwise; `key` is the
 * key itself as V8's one internalized copy, which property writes use without looking it up.
 */
export type KeySegment = { readonly first: string; readonly next: string; readonly key: string };

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
    // A key read from the text is a fresh string: every write with it would look up its
    // internalized twin (and turn it into a thin string); Object.keys hands out that twin.
    const internalized = Object.keys({ [key]: 0 })[0] ?? key;
    segment = { first, next: first.startsWith('[') ? first : `.${first}`, key: internalized };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, segment);
  }
  return segment;
}
