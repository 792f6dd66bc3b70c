import type { PathSegment } from '../../patch/path';
import type { IndexTrail } from './index-trail';

/** A container the parser owns: filled in place while open, never touched once closed. */
export type Container = unknown[] | Record<string, unknown>;

/** One open object or array on the parser's explicit stack. */
export class Frame {
  /** Arrays: how many elements are complete (the index of the next one). */
  count = 0;
  /** Objects: the key whose value is being read. */
  key = '';
  /** Right after `[`/`{` or `,`: a closer here ends an empty container or follows a trailing comma. */
  open = true;
  #itemWildcard: string | undefined;

  constructor(
    readonly isArray: boolean,
    readonly container: Container,
    readonly path: string,
    readonly wildcard: string,
    readonly trail: IndexTrail | undefined,
    /** Where this container sits in its parent (unused for the root). */
    readonly segment: PathSegment,
    /** Objects that are array elements: their keys' wildcard paths are shared (`keyWildcard`). */
    readonly sharesKeyWildcards = false,
  ) {}

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
