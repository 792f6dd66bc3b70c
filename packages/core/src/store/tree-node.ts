import { readOwn, writeOwn } from '../patch/apply-patch';
import { type Container, isContainer } from '../patch/container';
import type { PathSegment } from '../patch/path';
import { PathMap } from './path-map';
import { PersistentVector } from './persistent-vector';

/**
 * The store's data tree: plain JSON values, where a container the store has written into is a
 * {@link TreeNode} (a persistent object or array). Writing one child of a node costs O(log32
 * width), never the container's width. A node turns into a plain object or array only when
 * something reads it (`materialise`), once per node — unchanged subtrees keep their plain value
 * and identity from one snapshot to the next. A plain container in the tree holds no nodes.
 */
export type Tree = unknown;

export abstract class TreeNode {
  /**
   * The plain value, built on first read. Declared only: each subclass constructor sets it (no
   * field definition in this constructor, which runs for every node a write copies).
   */
  declare plain: Container | undefined;
  /**
   * The tree draft that made this node (0: none): that draft, and only it, may change the node in
   * place, since no snapshot has seen it yet (see `TreeDraft`).
   */
  declare owner: number;
  abstract get(segment: PathSegment): Tree;
  /** Where `segment` sits in this node (-1: absent), for `childAt` and `withSlot`. */
  abstract slotOf(segment: PathSegment): number;
  abstract childAt(slot: number): Tree;
  /**
   * A copy with `child` at `segment`, whose slot (`slotOf`) the caller looked up already, made by
   * the draft `owner`; this very node, changed in place, when that draft made it.
   */
  abstract withSlot(slot: number, segment: PathSegment, child: Tree, owner?: number): TreeNode;
  abstract forEachChild(visit: (child: Tree) => void): void;
  /** The plain container, from the children's plain values (which must be built already). */
  abstract build(): Container;

  /** Whether draft `owner` made this node and nothing has read it yet (its plain value is not built). */
  isOwnedBy(owner: number): boolean {
    return owner !== 0 && this.owner === owner && this.plain === undefined;
  }

  with(segment: PathSegment, child: Tree): TreeNode {
    return this.withSlot(this.slotOf(segment), segment, child);
  }
}

/**
 * Objects of up to this many keys keep their keys and values in two arrays: a lookup scans a few
 * keys and a write copies one short array (no hashing, three objects per version). A wider object
 * is a `PathMap`, O(log32 width) per write.
 */
const SMALL_OBJECT = 16;
const NO_KEYS: readonly string[] = [];

/** An object as a persistent map of its keys, in insertion order. */
export class ObjectNode extends TreeNode {
  /** A small object's keys (shared by versions with the same keys) and values; empty for a wide one. */
  readonly #keys: readonly string[];
  readonly #values: Tree[];
  /** A wide object's entries. */
  #entries: PathMap<Tree> | undefined;

  private constructor(
    keys: readonly string[],
    values: Tree[],
    entries: PathMap<Tree> | undefined,
    plain?: Record<string, unknown>,
    owner = 0,
  ) {
    super();
    this.#keys = keys;
    this.#values = values;
    this.#entries = entries;
    this.plain = plain;
    this.owner = owner;
  }

  static from(record: Record<string, unknown>, plain?: Record<string, unknown>): ObjectNode {
    const keys = Object.keys(record);
    return ObjectNode.#of(
      keys,
      keys.map((key) => record[key]),
      plain,
    );
  }

  static #of(keys: readonly string[], values: Tree[], plain?: Record<string, unknown>, owner = 0): ObjectNode {
    if (keys.length <= SMALL_OBJECT) return new ObjectNode(keys, values, undefined, plain, owner);
    return new ObjectNode(NO_KEYS, [], PathMap.from(keys, values), plain, owner);
  }

  get(segment: PathSegment): Tree {
    const slot = this.slotOf(segment);
    return slot < 0 ? undefined : this.childAt(slot);
  }

  has(key: string): boolean {
    return this.slotOf(key) >= 0;
  }

  slotOf(segment: PathSegment): number {
    const key = typeof segment === 'string' ? segment : String(segment);
    return this.#entries === undefined ? this.#keys.indexOf(key) : this.#entries.positionOf(key);
  }

  childAt(slot: number): Tree {
    return this.#entries === undefined ? this.#values[slot] : this.#entries.valueAt(slot);
  }

  keys(): string[] {
    if (this.#entries === undefined) return this.#keys.slice();
    const keys: string[] = [];
    this.#entries.forEach((_, key) => {
      keys.push(key);
    });
    return keys;
  }

  withSlot(slot: number, segment: PathSegment, child: Tree, owner = 0): ObjectNode {
    const key = typeof segment === 'string' ? segment : String(segment);
    // In place, a key already there (a small object's values are its own; its keys may be shared
    // with older versions, so a new key takes a copy).
    if (this.isOwnedBy(owner) && (slot >= 0 || this.#entries !== undefined)) {
      if (this.#entries !== undefined) this.#entries = this.#entries.setAt(slot, key, child);
      else this.#values[slot] = child;
      return this;
    }
    if (this.#entries !== undefined) {
      return new ObjectNode(NO_KEYS, [], this.#entries.setAt(slot, key, child), undefined, owner);
    }
    if (slot < 0) return ObjectNode.#of([...this.#keys, key], [...this.#values, child], undefined, owner);
    const values = this.#values.slice();
    values[slot] = child;
    return new ObjectNode(this.#keys, values, undefined, undefined, owner);
  }

  forEachChild(visit: (child: Tree) => void): void {
    if (this.#entries !== undefined) this.#entries.forEach(visit);
    else for (const child of this.#values) visit(child);
  }

  build(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    if (this.#entries !== undefined) {
      this.#entries.forEach((child, key) => {
        writeOwn(record, key, materialised(child));
      });
    } else {
      for (let i = 0; i < this.#keys.length; i++) {
        writeOwn(record, this.#keys[i] as string, materialised(this.#values[i]));
      }
    }
    return record;
  }
}

export class ArrayNode extends TreeNode {
  #items: PersistentVector<Tree>;

  private constructor(items: PersistentVector<Tree>, plain?: unknown[], owner = 0) {
    super();
    this.#items = items;
    this.plain = plain;
    this.owner = owner;
  }

  static from(items: readonly unknown[], plain?: unknown[]): ArrayNode {
    return new ArrayNode(PersistentVector.from(items), plain);
  }

  get length(): number {
    return this.#items.length;
  }

  get(segment: PathSegment): Tree {
    return typeof segment === 'number' ? this.#items.get(segment) : undefined;
  }

  slotOf(segment: PathSegment): number {
    return typeof segment === 'number' ? segment : -1;
  }

  childAt(slot: number): Tree {
    return this.#items.get(slot);
  }

  withSlot(_slot: number, segment: PathSegment, child: Tree, owner = 0): ArrayNode {
    const items = this.#items.set(segment as number, child);
    if (!this.isOwnedBy(owner)) return new ArrayNode(items, undefined, owner);
    this.#items = items;
    return this;
  }

  forEachChild(visit: (child: Tree) => void): void {
    this.#items.forEach(visit);
  }

  build(): unknown[] {
    const items: unknown[] = [];
    items.length = this.#items.length;
    this.#items.forEach((item, i) => {
      items[i] = materialised(item);
    });
    return items;
  }
}

/** The plain value of a tree (nodes built bottom-up, once each). Iterative: any depth is fine. */
export function materialise(tree: Tree): unknown {
  if (!(tree instanceof TreeNode)) return tree;
  const stack: TreeNode[] = [tree];
  while (stack.length > 0) {
    const node = stack[stack.length - 1] as TreeNode;
    if (node.plain !== undefined) {
      stack.pop();
      continue;
    }
    const before = stack.length;
    node.forEachChild((child) => {
      if (child instanceof TreeNode && child.plain === undefined) stack.push(child);
    });
    if (stack.length > before) continue;
    node.plain = node.build();
    stack.pop();
  }
  return tree.plain;
}

/** A child's plain value, once `materialise` built it. */
function materialised(tree: Tree): unknown {
  return tree instanceof TreeNode ? tree.plain : tree;
}

/** Whether `tree` is a container (a node or a plain one) that is a list exactly when `array` is true. */
export function isContainerKind(tree: Tree, array: boolean): boolean {
  return tree instanceof TreeNode
    ? tree instanceof ArrayNode === array
    : isContainer(tree) && Array.isArray(tree) === array;
}

/** A child of a node or a plain container (own properties only). */
export function childOf(tree: Tree, segment: PathSegment): Tree {
  return tree instanceof TreeNode ? tree.get(segment) : readOwn(tree, segment);
}

/** The keys of a container (indexes, as numbers, for a list; gaps included), none for a scalar. */
export function keysOf(tree: Tree): PathSegment[] {
  if (tree instanceof ObjectNode) return tree.keys();
  if (isContainerKind(tree, false)) return Object.keys(tree as Record<string, unknown>);
  const indexes: number[] = [];
  for (let i = 0, length = lengthOf(tree); i < length; i++) indexes.push(i);
  return indexes;
}

/** The tree at `segments` (from `segments[from]` on), or `undefined`. Iterative. */
export function readTree(tree: Tree, segments: readonly PathSegment[], from = 0): Tree {
  let node = tree;
  for (let i = from; i < segments.length && node !== undefined; i++) node = childOf(node, segments[i] as PathSegment);
  return node;
}

/** The length of the array at the root of `tree`, 0 for anything else. */
export function lengthOf(tree: Tree): number {
  if (tree instanceof ArrayNode) return tree.length;
  return Array.isArray(tree) ? tree.length : 0;
}

/** A container as a node (a plain one keeps its value as the node's plain form). */
export function toNode(tree: Container | TreeNode): TreeNode {
  if (tree instanceof TreeNode) return tree;
  return Array.isArray(tree) ? ArrayNode.from(tree, tree) : ObjectNode.from(tree, tree);
}

export type { Container };
