/**
 * An immutable map from path strings to values: a hash array mapped trie (32-way, fixed-width
 * nodes). Setting one key copies only the nodes on that key's branch (at most 7 arrays of 32), so
 * one path's update never copies the records of every other path. A {@link PathMapDraft} mutates
 * the nodes it created itself in place, so a batch of updates copies each node at most once.
 */
export class PathMap<V> {
  private constructor(
    /** @internal */ readonly root: TrieNode<V>,
    /** The number of keys. */
    readonly size: number,
  ) {}

  static empty<V>(): PathMap<V> {
    return new PathMap<V>(newNode<V>(), 0);
  }

  /** @internal */
  static of<V>(root: TrieNode<V>, size: number): PathMap<V> {
    return new PathMap(root, size);
  }

  get(key: string): V | undefined {
    return lookup(this.root, key);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Every entry, in hash order (not insertion order). */
  *entries(): IterableIterator<[string, V]> {
    const stack: TrieNode<V>[] = [this.root];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      for (const slot of node) {
        if (slot === undefined) continue;
        if (slot instanceof Leaf) yield [slot.key, slot.value];
        else if (slot instanceof Bucket) for (const leaf of slot.leaves) yield [leaf.key, leaf.value];
        else stack.push(slot);
      }
    }
  }

  /** A copy with `key` set to `value`. */
  set(key: string, value: V): PathMap<V> {
    const draft = new PathMapDraft(this);
    draft.set(key, value);
    return draft.finish();
  }
}

/** A batch of updates to a {@link PathMap}: nodes copied once per draft, then mutated in place. */
export class PathMapDraft<V> {
  private root: TrieNode<V>;
  private size: number;
  /** Nodes this draft copied (made on the first write: most batches of deltas write no record). */
  private owned: WeakSet<TrieNode<V>> | undefined;
  private changed = false;

  constructor(private readonly base: PathMap<V>) {
    this.root = base.root;
    this.size = base.size;
  }

  get(key: string): V | undefined {
    return lookup(this.root, key);
  }

  set(key: string, value: V): void {
    const hash = hashOf(key);
    this.root = this.own(this.root);
    this.changed = true;
    let node = this.root;
    for (let shift = 0; ; shift += BITS) {
      const index = (hash >>> shift) & MASK;
      const slot = node[index];
      if (slot === undefined) {
        node[index] = new Leaf(key, hash, value);
        this.size++;
        return;
      }
      if (slot instanceof Leaf) {
        if (slot.key === key) {
          node[index] = new Leaf(key, hash, value);
          return;
        }
        if (slot.hash === hash) {
          node[index] = new Bucket([slot, new Leaf(key, hash, value)]);
          this.size++;
          return;
        }
        // Two keys share this slot: push the resident leaf one level down and keep descending.
        const child = this.own(newNode<V>());
        child[(slot.hash >>> (shift + BITS)) & MASK] = slot;
        node[index] = child;
        node = child;
        continue;
      }
      if (slot instanceof Bucket) {
        const leaves = slot.leaves.filter((leaf) => leaf.key !== key);
        if (leaves.length === slot.leaves.length) this.size++;
        leaves.push(new Leaf(key, hash, value));
        node[index] = new Bucket(leaves);
        return;
      }
      const child = this.own(slot);
      node[index] = child;
      node = child;
    }
  }

  finish(): PathMap<V> {
    return this.changed ? PathMap.of(this.root, this.size) : this.base;
  }

  private own(node: TrieNode<V>): TrieNode<V> {
    this.owned ??= new WeakSet();
    if (this.owned.has(node)) return node;
    const copy = node.slice();
    this.owned.add(copy);
    return copy;
  }
}

const BITS = 5;
const MASK = (1 << BITS) - 1;

type TrieNode<V> = (TrieNode<V> | Leaf<V> | Bucket<V> | undefined)[];

class Leaf<V> {
  constructor(
    readonly key: string,
    readonly hash: number,
    readonly value: V,
  ) {}
}

/** Keys whose 32-bit hashes are equal (rare). */
class Bucket<V> {
  constructor(readonly leaves: Leaf<V>[]) {}
}

function lookup<V>(root: TrieNode<V>, key: string): V | undefined {
  const hash = hashOf(key);
  let node: TrieNode<V> = root;
  for (let shift = 0; ; shift += BITS) {
    const slot = node[(hash >>> shift) & MASK];
    if (slot === undefined) return undefined;
    if (slot instanceof Leaf) return slot.key === key ? slot.value : undefined;
    if (slot instanceof Bucket) return slot.leaves.find((leaf) => leaf.key === key)?.value;
    node = slot;
  }
}

function newNode<V>(): TrieNode<V> {
  return new Array(1 << BITS).fill(undefined);
}

/** FNV-1a over UTF-16 code units. Two keys with the same hash land in one {@link Bucket}. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
