const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** A trie level: child levels above the leaves, values at the leaves (`shift` 0). */
type Level = unknown[];

const EMPTY: Level = [];

/**
 * An immutable array as a 32-way trie: `get` and `set` cost O(log32 n) whatever the length, and a
 * `set` copies only the (at most 7) 32-slot nodes on the index's branch, so writing one item of a
 * 20 000-item list costs about what it costs in a 100-item list. The last block of 32 (the tail)
 * sits outside the trie: appending, or writing one of the last items (what a stream does), copies
 * just that block. Sparse: setting an index far past the end creates only that index's branch (the
 * gap reads as `undefined`).
 */
export class PersistentVector<T> {
  /** The blocks below `#tailOffset`. */
  readonly #root: Level;
  /** Bits below the root level: 0 when the root holds values. */
  readonly #shift: number;
  /** The values from `#tailOffset` (a multiple of 32) up to `length`. */
  readonly #tail: Level;
  readonly #tailOffset: number;

  private constructor(
    root: Level,
    shift: number,
    tail: Level,
    tailOffset: number,
    readonly length: number,
  ) {
    this.#root = root;
    this.#shift = shift;
    this.#tail = tail;
    this.#tailOffset = tailOffset;
  }

  /** A vector of `items` (holes stay empty), built leaf by leaf in O(n). */
  static from<T>(items: readonly T[]): PersistentVector<T> {
    const tailOffset = items.length === 0 ? 0 : Math.floor((items.length - 1) / WIDTH) * WIDTH;
    let level = chunks(items.slice(0, tailOffset));
    let shift = 0;
    while (level.length > 1) {
      level = chunks(level);
      shift += BITS;
    }
    return new PersistentVector<T>(level[0] ?? EMPTY, shift, items.slice(tailOffset), tailOffset, items.length);
  }

  get(index: number): T | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    if (index >= this.#tailOffset) return this.#tail[index - this.#tailOffset] as T | undefined;
    let node: Level | undefined = this.#root;
    for (let shift = this.#shift; shift > 0 && node !== undefined; shift -= BITS) {
      node = node[(index >>> shift) & MASK] as Level | undefined;
    }
    return node?.[index & MASK] as T | undefined;
  }

  /** A copy with `value` at `index` (any non-negative integer index; past the end grows the length). */
  set(index: number, value: T): PersistentVector<T> {
    const tailOffset = this.#tailOffset;
    const length = Math.max(this.length, index + 1);
    if (index >= tailOffset && index < tailOffset + WIDTH) {
      // An append to a tail that no version has grown past this one's end: the slot is beyond
      // what every version sharing the tail reads (each reads below its own length), so it is
      // written in place (a stream appends all the time). Any other write copies the tail.
      if (index === this.length && this.#tail.length === index - tailOffset) {
        this.#tail.push(value);
        return new PersistentVector<T>(this.#root, this.#shift, this.#tail, tailOffset, length);
      }
      const tail = this.#tail.slice(0, this.length - tailOffset);
      tail[index - tailOffset] = value;
      return new PersistentVector<T>(this.#root, this.#shift, tail, tailOffset, length);
    }
    if (index < tailOffset) {
      const [root, shift] = setIn(this.#root, this.#shift, index, value, 0);
      return new PersistentVector<T>(root, shift, this.#tail, tailOffset, length);
    }
    // Past the tail's block: the tail moves into the trie, and the index's block becomes the tail.
    // The tail goes in as this version's items only: an older version may still append in place
    // to the array, and the trie's leaf must not change with it.
    const leaf = this.#tail.length === 0 ? this.#tail : this.#tail.slice(0, this.length - tailOffset);
    let [root, shift] =
      leaf.length === 0 ? [this.#root, this.#shift] : setIn(this.#root, this.#shift, tailOffset, leaf, BITS);
    const offset = Math.floor(index / WIDTH) * WIDTH;
    // The trie reaches up to the tail (`get` reads an index below it from the trie, gaps included).
    while (offset > 2 ** (shift + BITS)) {
      root = [root];
      shift += BITS;
    }
    const tail: Level = [];
    tail[index - offset] = value;
    return new PersistentVector<T>(root, shift, tail, offset, length);
  }

  /** Calls `visit` for every index that was set, in index order (gaps are skipped). */
  forEach(visit: (value: T, index: number) => void): void {
    const each = visit as (value: unknown, index: number) => void;
    forEachIn(this.#root, this.#shift, 0, each);
    // The tail's first items only: a newer version may have appended to the same array.
    forEachIn(this.#tail, 0, this.#tailOffset, each, this.length - this.#tailOffset);
  }
}

/**
 * A copy of the trie `root` (of `shift`) with `value` at `index` on the level of `stop` (0: a value;
 * `BITS`: a whole leaf), growing the root when the index is past its reach. Copies only the
 * index's branch.
 */
function setIn(root: Level, shift: number, index: number, value: unknown, stop: number): [Level, number] {
  let top = root;
  let height = shift;
  while (height < stop || index >= 2 ** (height + BITS)) {
    top = [top];
    height += BITS;
  }
  top = top.slice();
  let node = top;
  for (let level = height; level > stop; level -= BITS) {
    const slot = (index >>> level) & MASK;
    const child = ((node[slot] as Level | undefined) ?? []).slice();
    node[slot] = child;
    node = child;
  }
  node[(index >>> stop) & MASK] = value;
  return [top, height];
}

/** `items` cut into levels of 32 (holes stay empty). */
function chunks(items: readonly unknown[]): Level[] {
  const level: Level[] = [];
  for (let i = 0; i < items.length; i += WIDTH) level.push(items.slice(i, i + WIDTH));
  return level;
}

/** Visits the values below `node` in index order. Recursive: a vector is at most 7 levels deep. */
function forEachIn(
  node: Level,
  shift: number,
  offset: number,
  visit: (value: unknown, index: number) => void,
  count = node.length,
): void {
  for (let i = 0; i < count; i++) {
    // A gap, in a level or among the values (an index set to `undefined` is not a gap).
    if (!(i in node)) continue;
    if (shift === 0) visit(node[i], offset + i);
    else forEachIn(node[i] as Level, shift - BITS, offset + i * 2 ** shift, visit);
  }
}
