import { writeOwn } from '../patch/apply-patch';
import { checkListIndex } from '../patch/check-patch';
import { formatPath, type PathSegment } from '../patch/path';
import {
  ArrayNode,
  type Container,
  childOf,
  isContainerKind,
  keysOf,
  lengthOf,
  ObjectNode,
  readTree,
  type Tree,
  type TreeNode,
  toNode,
} from './tree-node';

/**
 * A batch of writes to the store's persistent data tree ({@link Tree}): a write makes new nodes
 * for the containers on its path only, each in O(log32 width), and every untouched subtree keeps
 * its identity. So a token costs the same in a 50-field form as in a 2 000-field one. Iterative:
 * a 100 000-deep path is fine.
 */
export class TreeDraft {
  /**
   * Paths (ancestors of a write) where a value that was not a container of the needed kind was
   * replaced by a fresh container: everything below them changed, not just the written branch.
   */
  readonly replaced: PathSegment[][] = [];

  constructor(public root: Tree) {}

  read(segments: readonly PathSegment[]): Tree {
    return readTree(this.root, segments);
  }

  /** Writes `value` at `segments`; a no-op when the value there is already `Object.is`-equal. */
  write(segments: readonly PathSegment[], value: Tree): void {
    // One descent that keeps each level's node and the child's slot in it, when every level is a
    // container of the kind its segment needs or absent (a new branch): the streaming case.
    const depth = segments.length;
    const nodes: TreeNode[] = new Array(depth);
    const slots: number[] = new Array(depth);
    let current = this.root;
    let descended = 0;
    for (let level = 0; level < depth; level++) {
      const segment = segments[level] as PathSegment;
      const wantArray = typeof segment === 'number';
      let node: TreeNode;
      if (current === undefined) node = wantArray ? ArrayNode.from([]) : ObjectNode.from({});
      else if (isContainerKind(current, wantArray)) node = toNode(current as Container | TreeNode);
      else break;
      if (wantArray && segment > lengthOf(current) + 1) break;
      const slot = node.slotOf(segment);
      nodes[level] = node;
      slots[level] = slot;
      current = slot < 0 ? undefined : node.childAt(slot);
      descended++;
    }
    if (descended < depth) {
      this.#replacingWrite(segments, value);
      return;
    }
    if (Object.is(current, value)) return;
    let child = value;
    for (let level = depth - 1; level >= 0; level--) {
      child = (nodes[level] as TreeNode).withSlot(slots[level] as number, segments[level] as PathSegment, child);
    }
    this.root = child;
  }

  /** `write` through a level that is not a container of the needed kind (it is replaced), or a bad index. */
  #replacingWrite(segments: readonly PathSegment[], value: Tree): void {
    if (Object.is(this.read(segments), value)) return;
    const nodes: TreeNode[] = new Array(segments.length);
    let current = this.root;
    for (let depth = 0; depth < segments.length; depth++) {
      const segment = segments[depth] as PathSegment;
      if (typeof segment === 'number') {
        checkListIndex(lengthOf(current), segment, () => formatPath(segments.slice(0, depth + 1)));
      }
      const node = this.#nodeFor(current, typeof segment === 'number', segments, depth);
      nodes[depth] = node;
      current = node.get(segment);
    }
    let child = value;
    for (let depth = segments.length - 1; depth >= 0; depth--) {
      child = (nodes[depth] as TreeNode).with(segments[depth] as PathSegment, child);
    }
    this.root = child;
  }

  /**
   * Applies a container's `done` to the container of the same kind at `segments`: it becomes
   * exactly `value`'s shape — keys (or items) that `value` lacks are dropped (leftovers of a stale
   * attempt), ones the tree lacks are added — while children already in the tree keep their
   * identity. Costs the container's width, never its depth.
   */
  settleContainer(segments: readonly PathSegment[], value: Container): void {
    const current = this.read(segments);
    if (Array.isArray(value)) {
      const at = (i: number): Tree => childOf(current, i);
      if (lengthOf(current) === value.length && value.every((item, i) => item === undefined || at(i) !== undefined)) {
        return;
      }
      this.write(segments, ArrayNode.from(value.map((item, i) => at(i) ?? item)));
      return;
    }
    const has = (key: string): boolean =>
      current instanceof ObjectNode ? current.has(key) : Object.hasOwn(current as Container, key);
    const keys = Object.keys(value);
    // The same number of keys, all of them in the tree: the same keys.
    if (keysOf(current).length === keys.length && keys.every(has)) return;
    const next: Record<string, unknown> = {};
    for (const key of keys) writeOwn(next, key, has(key) ? childOf(current, key) : value[key]);
    this.write(segments, ObjectNode.from(next));
  }

  /** The node to write `segments[depth]` into, in place of `tree` (at `segments[0..depth)`). */
  #nodeFor(tree: Tree, wantArray: boolean, segments: readonly PathSegment[], depth: number): TreeNode {
    if (isContainerKind(tree, wantArray)) return toNode(tree as Container | TreeNode);
    if (tree !== undefined) this.replaced.push(segments.slice(0, depth));
    return wantArray ? ArrayNode.from([]) : ObjectNode.from({});
  }
}
