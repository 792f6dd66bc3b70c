import { appendSegment } from '../../patch/path';

/**
 * How a key extends a path: `first` when the parent path is empty, `next` otherwise; `key` is the
 * key itself as V8's one internalized copy, which property writes use without looking it up.
 */
export type KeySegment = {
  readonly first: string;
  readonly next: string;
  readonly key: string;
  /** The last wildcard path made with this key (`keyWildcard`) and the parent wildcard it extends. */
  parent: string | undefined;
  wildcard: string;
};

/** Wildcard paths longer than this are not interned (interning flattens the string: see `keyWildcard`). */
const MAX_SHARED_WILDCARD = 256;

/**
 * The wildcard path of a key in an object that is an array element (`items[*]` + `.name`), one
 * interned string for every element: the elements' parent wildcard is one string per array, so
 * the key's last result is reused on a pointer comparison, and a reader keyed by wildcard path
 * (the field checks, decision 0022) finds it without hashing a fresh string. Deep paths stay
 * concatenations: one flat copy per level of a deeply nested answer would grow with its depth squared.
 */
export function keyWildcard(segment: KeySegment, parent: string): string {
  if (segment.parent === parent) return segment.wildcard;
  const made = parent + segment.next;
  if (made.length > MAX_SHARED_WILDCARD) return made;
  segment.parent = parent;
  segment.wildcard = Object.keys({ [made]: 0 })[0] ?? made;
  return segment.wildcard;
}

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
    segment = {
      first,
      next: first.startsWith('[') ? first : `.${first}`,
      key: internalized,
      parent: undefined,
      wildcard: '',
    };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, segment);
  }
  return segment;
}
