const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;
/** `2 ** (level * BITS)` by level, looked up on hot paths (`2 **` is a float power). */
const CAPACITY = Array.from({ length: 9 }, (_, level) => 2 ** (level * BITS));

/** A trie level: child levels above the leaves, values at the leaves (`shift` 0). */
type Level = unknown[];

/**
 * An immutable array as a 32-way trie: `get` and `set` cost O(log32 n) whatever the length, and a
 * `set` copies only the (at most 7) 32-slot nodes on the index's branch, so writing one item of a
 * 20 000-item list costs about what it costs in a 100-item list. Sparse: setting an index far past
 * the end creates only that index's branch (the gap reads as `undefined`).
 */
export class PersistentVector<T> {
  readonly #root: Level;
  /** Bits below the root level: 0 when the root holds values. */
  readonly #shift: number;

  private constructor(
    root: Level,
    shift: number,
    readonly length: number,
  ) {
    this.#root = root;
    this.#shift = shift;
  }

  /** A vector of `items` (holes stay empty), built leaf by leaf in O(n). */
  static from<T>(items: readonly T[]): PersistentVector<T> {
    let level = chunks(items);
    let shift = 0;
    while (level.length > 1) {
      level = chunks(level);
      shift += BITS;
    }
    return new PersistentVector<T>(level[0] ?? [], shift, items.length);
  }

  get(index: number): T | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    let node: Level | undefined = this.#root;
    for (let shift = this.#shift; shift > 0 && node !== undefined; shift -= BITS) {
      node = node[(index >>> shift) & MASK] as Level | undefined;
    }
    return node?.[index & MASK] as T | undefined;
  }

  /** A copy with `value` at `index` (any non-negative integer index; past the end grows the length). */
  set(index: number, value: T): PersistentVector<T> {
    let root = this.#root;
    let shift = this.#shift;
    while (index >= (CAPACITY[shift / BITS + 1] as number)) {
      root = [root];
      shift += BITS;
    }
    const top = root.slice();
    let node = top;
    for (let level = shift; level > 0; level -= BITS) {
      const slot = (index >>> level) & MASK;
      const child = ((node[slot] as Level | undefined) ?? []).slice();
      node[slot] = child;
      node = child;
    }
    node[index & MASK] = value;
    return new PersistentVector<T>(top, shift, Math.max(this.length, index + 1));
  }

  /** Calls `visit` for every index that was set, in index order (gaps are skipped). */
  forEach(visit: (value: T, index: number) => void): void {
    forEachIn(this.#root, this.#shift, 0, visit as (value: unknown, index: number) => void);
  }
}

/** `items` cut into levels of 32 (holes stay empty). */
function chunks(items: readonly unknown[]): Level[] {
  const level: Level[] = [];
  for (let i = 0; i < items.length; i += WIDTH) level.push(items.slice(i, i + WIDTH));
  return level;
}

/** Visits the values below `node` in index order. Recursive: a vector is at most 7 levels deep. */
function forEachIn(node: Level, shift: number, offset: number, visit: (value: unknown, index: number) => void): void {
  for (let i = 0; i < node.length; i++) {
    // A gap, in a level or among the values (an index set to `undefined` is not a gap).
    if (!(i in node)) continue;
    if (shift === 0) visit(node[i], offset + i);
    else forEachIn(node[i] as Level, shift - BITS, offset + i * (CAPACITY[shift / BITS] as number), visit);
  }
}
