import { lazyIndexes } from './lazy-indexes';

/**
 * The array indexes of a path, as a linked list from the innermost index outwards. A child of an
 * array adds one node (O(1)), so 100 000 nested arrays do not build 100 000 ever-longer index
 * arrays; the flat `number[]` an event carries is materialised once per trail, on demand.
 */
export class IndexTrail {
  /** How many indexes the trail holds. */
  readonly length: number;
  #indexes: number[] | undefined;
  #lazy: number[] | undefined;

  constructor(
    readonly index: number,
    readonly parent: IndexTrail | undefined,
  ) {
    this.length = (parent?.length ?? 0) + 1;
  }

  /** A trail holding `indexes` in order, or `undefined` for none. */
  static of(indexes: readonly number[]): IndexTrail | undefined {
    let trail: IndexTrail | undefined;
    for (const index of indexes) trail = new IndexTrail(index, trail);
    return trail;
  }

  /**
   * The indexes as an array that fills itself on first use (cached): for paths nested in more than
   * a few dozen arrays, where building every level's array eagerly would cost O(depth²) in all.
   */
  lazyArray(): number[] {
    if (this.#lazy === undefined) this.#lazy = lazyIndexes(this);
    return this.#lazy;
  }

  /** The indexes outermost first (cached: every event of a path shares one array; do not mutate it). */
  toArray(): number[] {
    if (this.#indexes !== undefined) return this.#indexes;
    const indexes = new Array<number>(this.length);
    let node: IndexTrail | undefined = this;
    for (let k = this.length - 1; k >= 0 && node !== undefined; k--) {
      indexes[k] = node.index;
      node = node.parent;
    }
    this.#indexes = indexes;
    return indexes;
  }
}
