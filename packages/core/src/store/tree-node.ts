import { readOwn, writeOwn } from '../patch/apply-patch';
import type { PathSegment } from '../patch/path';
import { PersistentVector } from './persistent-vector';

/**
 * The store's data tree: plain JSON values, where a container the store has written into is a
 * {@link TreeNode} (a persistent object or array). Writing one child of a node costs O(log32
 * width), never the container's width. A node turns into a plain object or array only when
 * something reads it (`materialise`), once per node — unchanged subtrees keep their plain value
 * and identity from one snapshot to the next. A plain container in the tree holds no nodes.
 */
export type Tree = unknown;

type Container = Record<string, unknown> | unknown[];

export abstract class TreeNode {
  /** The plain value, built on first read. */
  plain: Container | undefined;
  abstract get(segment: PathSegment): Tree;
  abstract with(segment: PathSegment, child: Tree): TreeNode;
  abstract forEachChild(visit: (child: Tree) => void): void;
  /** The plain container, from the children's plain values (which must be built already). */
  abstract build(): Container;
}

/**
 * Object keys map to positions in a `Map` shared by every version of the object: a version owns
 * the positions below its `count`. Keys are only ever appended, so the newest version appends in
 * place; writing to an older version that the map has outgrown copies the map first (the store
 * always writes to the newest version, so it never does).
 */
export class ObjectNode extends TreeNode {
  private constructor(
    private readonly positions: Map<string, number>,
    private readonly count: number,
    private readonly values: PersistentVector<Tree>,
  ) {
    super();
  }

  static from(record: Record<string, unknown>, plain?: Record<string, unknown>): ObjectNode {
    const keys = Object.keys(record);
    const node = new ObjectNode(
      new Map(keys.map((key, i) => [key, i])),
      keys.length,
      PersistentVector.from(keys.map((key) => record[key])),
    );
    node.plain = plain;
    return node;
  }

  get(segment: PathSegment): Tree {
    const position = this.positions.get(String(segment));
    return position !== undefined && position < this.count ? this.values.get(position) : undefined;
  }

  has(key: string): boolean {
    const position = this.positions.get(key);
    return position !== undefined && position < this.count;
  }

  keys(): string[] {
    const keys: string[] = [];
    for (const [key, position] of this.positions) if (position < this.count) keys.push(key);
    return keys;
  }

  with(segment: PathSegment, child: Tree): ObjectNode {
    const key = String(segment);
    const position = this.positions.get(key);
    if (position !== undefined && position < this.count) {
      return new ObjectNode(this.positions, this.count, this.values.set(position, child));
    }
    let positions = this.positions;
    if (positions.size !== this.count) {
      positions = new Map();
      for (const [name, at] of this.positions) if (at < this.count) positions.set(name, at);
    }
    positions.set(key, this.count);
    return new ObjectNode(positions, this.count + 1, this.values.set(this.count, child));
  }

  forEachChild(visit: (child: Tree) => void): void {
    this.values.forEach(visit);
  }

  build(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (const [key, position] of this.positions) {
      if (position < this.count) writeOwn(record, key, materialised(this.values.get(position)));
    }
    return record;
  }
}

export class ArrayNode extends TreeNode {
  private constructor(private readonly items: PersistentVector<Tree>) {
    super();
  }

  static from(items: readonly unknown[], plain?: unknown[]): ArrayNode {
    const node = new ArrayNode(PersistentVector.from(items));
    node.plain = plain;
    return node;
  }

  get length(): number {
    return this.items.length;
  }

  get(segment: PathSegment): Tree {
    return typeof segment === 'number' ? this.items.get(segment) : undefined;
  }

  with(segment: PathSegment, child: Tree): ArrayNode {
    return new ArrayNode(this.items.set(segment as number, child));
  }

  forEachChild(visit: (child: Tree) => void): void {
    this.items.forEach(visit);
  }

  build(): unknown[] {
    const items: unknown[] = [];
    items.length = this.items.length;
    this.items.forEach((item, i) => {
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

/** `'array'`, `'object'`, or `undefined` for a scalar (nodes and plain containers alike). */
export function kindOf(tree: Tree): 'array' | 'object' | undefined {
  if (tree instanceof ArrayNode || Array.isArray(tree)) return 'array';
  if (tree instanceof ObjectNode || (tree !== null && typeof tree === 'object')) return 'object';
  return undefined;
}

/** A child of a node or a plain container (own properties only). */
export function childOf(tree: Tree, segment: PathSegment): Tree {
  return tree instanceof TreeNode ? tree.get(segment) : readOwn(tree, segment);
}

/** The keys of a container (indexes, as numbers, for a list; gaps included), none for a scalar. */
export function keysOf(tree: Tree): PathSegment[] {
  if (tree instanceof ArrayNode || Array.isArray(tree)) return Array.from({ length: tree.length }, (_, i) => i);
  if (tree instanceof ObjectNode) return tree.keys();
  return tree !== null && typeof tree === 'object' ? Object.keys(tree) : [];
}

/** The tree at `segments`, or `undefined`. Iterative. */
export function readTree(tree: Tree, segments: readonly PathSegment[]): Tree {
  let node = tree;
  for (let i = 0; i < segments.length && node !== undefined; i++) node = childOf(node, segments[i] as PathSegment);
  return node;
}

/** The plain value at `segments` of a tree. */
export function readAt(tree: Tree, segments: readonly PathSegment[]): unknown {
  return materialise(readTree(tree, segments));
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
