import { readOwn, writeOwn } from '../patch/apply-patch';
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

/** An object as a persistent map of its keys, in insertion order. */
export class ObjectNode extends TreeNode {
  readonly #entries: PathMap<Tree>;

  private constructor(entries: PathMap<Tree>, plain?: Record<string, unknown>) {
    super();
    this.#entries = entries;
    this.plain = plain;
  }

  static from(record: Record<string, unknown>, plain?: Record<string, unknown>): ObjectNode {
    const keys = Object.keys(record);
    return new ObjectNode(
      PathMap.from(
        keys,
        keys.map((key) => record[key]),
      ),
      plain,
    );
  }

  get(segment: PathSegment): Tree {
    return this.#entries.get(String(segment));
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  keys(): string[] {
    const keys: string[] = [];
    this.#entries.forEach((_, key) => {
      keys.push(key);
    });
    return keys;
  }

  with(segment: PathSegment, child: Tree): ObjectNode {
    return new ObjectNode(this.#entries.set(String(segment), child));
  }

  forEachChild(visit: (child: Tree) => void): void {
    this.#entries.forEach(visit);
  }

  build(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    this.#entries.forEach((child, key) => {
      writeOwn(record, key, materialised(child));
    });
    return record;
  }
}

export class ArrayNode extends TreeNode {
  readonly #items: PersistentVector<Tree>;

  private constructor(items: PersistentVector<Tree>, plain?: unknown[]) {
    super();
    this.#items = items;
    this.plain = plain;
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

  with(segment: PathSegment, child: Tree): ArrayNode {
    return new ArrayNode(this.#items.set(segment as number, child));
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

/** A plain object or array (any non-null object). */
export function isContainer(value: unknown): value is Container {
  return value !== null && typeof value === 'object';
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
  return Array.from({ length: lengthOf(tree) }, (_, i) => i);
}

/** The tree at `segments`, or `undefined`. Iterative. */
export function readTree(tree: Tree, segments: readonly PathSegment[]): Tree {
  let node = tree;
  for (let i = 0; i < segments.length && node !== undefined; i++) node = childOf(node, segments[i] as PathSegment);
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
