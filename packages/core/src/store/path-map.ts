import { PersistentVector } from './persistent-vector';

/**
 * An immutable map from strings to values, in insertion order: the store's records by path, and
 * the keys of an object node. Keys map to positions in a `Map` shared by every version of the
 * map, and a version owns the positions below its `size`; the values sit in a
 * {@link PersistentVector}. So setting one key costs O(log32 size) and never copies the entries of
 * every other key. Keys are only ever appended: the newest version appends in place, and adding a
 * key to an older version that the shared `Map` has outgrown copies it first (the store writes to
 * its newest version: only a batch that throws halfway leaves such a fork behind).
 */
export class PathMap<V> {
  readonly #positions: Map<string, number>;
  readonly #values: PersistentVector<V>;

  private constructor(
    positions: Map<string, number>,
    values: PersistentVector<V>,
    /** The number of keys. */
    readonly size: number,
  ) {
    this.#positions = positions;
    this.#values = values;
  }

  static empty<V>(): PathMap<V> {
    return PathMap.from<V>([], []);
  }

  /** @internal A map of distinct `keys` to `values` (same order), built in O(n). */
  static from<V>(keys: readonly string[], values: readonly V[]): PathMap<V> {
    return new PathMap(new Map(keys.map((key, i) => [key, i])), PersistentVector.from(values), keys.length);
  }

  get(key: string): V | undefined {
    const position = this.#position(key);
    return position === undefined ? undefined : this.#values.get(position);
  }

  has(key: string): boolean {
    return this.#position(key) !== undefined;
  }

  /** Every entry, in insertion order. */
  entries(): IterableIterator<[string, V]> {
    const entries: [string, V][] = [];
    this.forEach((value, key) => {
      entries.push([key, value]);
    });
    return entries.values();
  }

  /** @internal Calls `visit` for every entry, in insertion order. */
  forEach(visit: (value: V, key: string) => void): void {
    // The shared `Map` lists positions in order: this version's keys are its first `size` entries.
    for (const [key, position] of this.#positions) {
      if (position >= this.size) return;
      visit(this.#values.get(position) as V, key);
    }
  }

  /** A copy with `key` set to `value`. */
  set(key: string, value: V): PathMap<V> {
    return this.setAt(this.positionOf(key), key, value);
  }

  /** @internal The position of `key` (its insertion rank), or -1: for `valueAt` and `setAt`. */
  positionOf(key: string): number {
    return this.#position(key) ?? -1;
  }

  /** @internal The value at a position `positionOf` returned. */
  valueAt(position: number): V {
    return this.#values.get(position) as V;
  }

  /** @internal `set` for a key whose position (-1: absent) the caller looked up already. */
  setAt(position: number, key: string, value: V): PathMap<V> {
    if (position >= 0) return new PathMap(this.#positions, this.#values.set(position, value), this.size);
    const positions =
      this.#positions.size === this.size ? this.#positions : new Map([...this.#positions].slice(0, this.size));
    positions.set(key, this.size);
    return new PathMap(positions, this.#values.set(this.size, value), this.size + 1);
  }

  #position(key: string): number | undefined {
    const position = this.#positions.get(key);
    return position !== undefined && position < this.size ? position : undefined;
  }
}
