import type { PathSegment } from '../../patch/path';
import type { IndexTrail } from './index-trail';

/** A container the parser owns: filled in place while open, never touched once closed. */
export type Container = unknown[] | Record<string, unknown>;

/** Wildcard paths by key, for the elements of one array (bounded: past `MAX_KEY_WILDCARDS`, no more are kept). */
export type KeyWildcards = { size: number; readonly byKey: Record<string, string | undefined> };
const MAX_KEY_WILDCARDS = 1024;
const MAX_SHARED_LENGTH = 256;

/** The wildcard path of `key` in an array element whose own wildcard is `wildcard`, shared when it can be. */
export function keyWildcard(table: KeyWildcards, wildcard: string, key: string, next: string): string {
  const known = table.byKey[key];
  if (known !== undefined) return known;
  const made = wildcard + next;
  // Deep paths stay concatenations: interning flattens a string, and one flat copy per level of a
  // deeply nested answer would grow with the square of its depth.
  if (table.size >= MAX_KEY_WILDCARDS || made.length > MAX_SHARED_LENGTH) return made;
  // Its internalized twin: a property look-up by it (a reader's table keyed by wildcard path) is a
  // pointer comparison.
  const shared = Object.keys({ [made]: 0 })[0] ?? made;
  table.byKey[key] = shared;
  table.size++;
  return shared;
}

/** One open object or array on the parser's explicit stack. */
export class Frame {
  /** Arrays: how many elements are complete (the index of the next one). */
  count = 0;
  /** Objects: the key whose value is being read. */
  key = '';
  /** Right after `[`/`{` or `,`: a closer here ends an empty container or follows a trailing comma. */
  open = true;
  #itemWildcard: string | undefined;
  /** Arrays: the key wildcards their object elements share (see `keyWildcards`). */
  #itemKeyWildcards: KeyWildcards | undefined;

  constructor(
    readonly isArray: boolean,
    readonly container: Container,
    readonly path: string,
    readonly wildcard: string,
    readonly trail: IndexTrail | undefined,
    /** Where this container sits in its parent (unused for the root). */
    readonly segment: PathSegment,
    /**
     * Objects that are array elements: their keys' wildcard paths, one table for every element of
     * the array, so `items[*].name` is one string (internalized) however many items repeat it, not
     * a concatenation per item that each reader of the patch would hash again.
     */
    readonly keyWildcards?: KeyWildcards,
  ) {}

  /** Arrays: the table their object elements share. */
  get itemKeyWildcards(): KeyWildcards {
    if (this.#itemKeyWildcards === undefined) this.#itemKeyWildcards = { size: 0, byKey: Object.create(null) };
    return this.#itemKeyWildcards;
  }

  /** Arrays: the wildcard path every element shares (`items[*]`). */
  get itemWildcard(): string {
    if (this.#itemWildcard === undefined) this.#itemWildcard = `${this.wildcard}[*]`;
    return this.#itemWildcard;
  }
}

const INDEX_SUFFIXES: string[] = Array.from({ length: 256 }, (_, index) => `[${index}]`);

/** `[index]`, cached for small indexes (one concatenation per element path). */
export function indexSuffix(index: number): string {
  return INDEX_SUFFIXES[index] ?? `[${index}]`;
}
