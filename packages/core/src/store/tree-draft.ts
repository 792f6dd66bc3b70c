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
  TreeNode,
  toNode,
} from './tree-node';

const SCRATCH_DEPTH = 64;
const scratchNodes: (TreeNode | undefined)[] = new Array(SCRATCH_DEPTH).fill(undefined);
const scratchSlots: number[] = new Array(SCRATCH_DEPTH).fill(0);
let scratchFree = true;
/** The last draft's number: each draft owns the nodes it makes (0 is no draft). */
let drafts = 0;

/**
 * A batch of writes to the store's persistent data tree ({@link Tree}): a write makes new nodes
 * for the containers on its path only, each in O(log32 width), and every untouched subtree keeps
 * its identity. So a token costs the same in a 50-field form as in a 2 000-field one. Iterative:
 * a 100 000-deep path is fine. A node the draft made itself is changed in place by its later
 * writes (no snapshot has seen it: a draft lives for one update), so a batch of writes to one
 * branch copies that branch once.
 */
export class TreeDraft {
  /**
   * Paths (ancestors of a write) where a value that was not a container of the needed kind was
   * replaced by a fresh container: everything below them changed, not just the written branch.
   */
  declare readonly replaced: PathSegment[][];
  declare root: Tree;
  /** The `owner` of the nodes this draft made. */
  declare readonly owner: number;
  /**
   * The last write's path (the same array while a field streams) and the node it wrote into, when
   * this draft made that node: the next write to the same path, with no other write between, is
   * one write into that node, not a descent from the root.
   */
  declare last: readonly PathSegment[] | undefined;
  declare lastParent: TreeNode | undefined;
  // Set once here (class fields would be defined first, then set).
  constructor(root: Tree) {
    this.replaced = [];
    this.root = root;
    this.owner = ++drafts;
    this.last = undefined;
    this.lastParent = undefined;
  }

  read(segments: readonly PathSegment[]): Tree {
    return readTree(this.root, segments);
  }

  /** Writes `value` at `segments`; a no-op when the value there is already `Object.is`-equal. */
  write(segments: readonly PathSegment[], value: Tree): void {
    const depth = segments.length;
    const parent = this.lastParent;
    if (segments === this.last && parent?.isOwnedBy(this.owner)) {
      const segment = segments[depth - 1] as PathSegment;
      const slot = parent.slotOf(segment);
      if (slot >= 0) {
        if (!Object.is(parent.childAt(slot), value)) parent.withSlot(slot, segment, value, this.owner);
        return;
      }
    }
    this.last = segments;
    this.lastParent = undefined;
    // Scratch arrays shared by every write, unless the path is very deep or a write is already
    // using them (reading a plain container can run a getter that writes to a store).
    const shared = scratchFree && depth <= SCRATCH_DEPTH;
    if (!shared) {
      this.#write(segments, value, new Array(depth), new Array(depth));
      return;
    }
    scratchFree = false;
    try {
      this.#write(segments, value, scratchNodes, scratchSlots);
    } finally {
      // The scratch array holds no node once the write is done (a loop: `fill` costs more here).
      for (let level = 0; level < depth; level++) scratchNodes[level] = undefined;
      scratchFree = true;
    }
  }

  /**
   * One descent that keeps each level's node and the child's slot in it, when every level is a
   * container of the kind its segment needs or absent (a new branch): the streaming case.
   */
  #write(segments: readonly PathSegment[], value: Tree, nodes: (TreeNode | undefined)[], slots: number[]): void {
    const depth = segments.length;
    let current = this.root;
    let descended = 0;
    for (let level = 0; level < depth; level++) {
      const segment = segments[level] as PathSegment;
      const wantArray = typeof segment === 'number';
      let node: TreeNode;
      if (current instanceof TreeNode) {
        // One instanceof for the usual case, a node (isContainerKind and toNode would test it twice).
        if (current instanceof ArrayNode !== wantArray) break;
        node = current;
      } else if (current === undefined) node = wantArray ? ArrayNode.from([]) : ObjectNode.from({});
      else if (isContainerKind(current, wantArray)) node = toNode(current as Container);
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
    const owner = this.owner;
    for (let level = depth - 1; level >= 0; level--) {
      const node = nodes[level] as TreeNode;
      const written = node.withSlot(slots[level] as number, segments[level] as PathSegment, child, owner);
      if (level === depth - 1) this.lastParent = written;
      // Changed in place: its parent already holds it.
      if (written === node) return;
      child = written;
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
    // Plain loops and functions, no closures: this runs for every container's `done`.
    const current = this.read(segments);
    if (Array.isArray(value)) {
      if (lengthOf(current) === value.length && hasEveryItem(current, value)) return;
      const items: unknown[] = new Array(value.length);
      // Holes stay holes.
      for (let i = 0; i < value.length; i++) if (i in value) items[i] = childOf(current, i) ?? value[i];
      this.write(segments, ArrayNode.from(items));
      return;
    }
    const keys = Object.keys(value);
    // The same number of keys, all of them in the tree: the same keys.
    if (keysOf(current).length === keys.length && hasEveryKey(current, keys)) return;
    const next: Record<string, unknown> = {};
    for (const key of keys) writeOwn(next, key, hasKey(current, key) ? childOf(current, key) : value[key]);
    this.write(segments, ObjectNode.from(next));
  }

  /** The node to write `segments[depth]` into, in place of `tree` (at `segments[0..depth)`). */
  #nodeFor(tree: Tree, wantArray: boolean, segments: readonly PathSegment[], depth: number): TreeNode {
    if (isContainerKind(tree, wantArray)) return toNode(tree as Container | TreeNode);
    if (tree !== undefined) this.replaced.push(segments.slice(0, depth));
    return wantArray ? ArrayNode.from([]) : ObjectNode.from({});
  }
}

/** Whether the list `tree` has an item wherever `value` has a defined one (holes skipped). */
function hasEveryItem(tree: Tree, value: readonly unknown[]): boolean {
  for (let i = 0; i < value.length; i++) {
    if (i in value && value[i] !== undefined && childOf(tree, i) === undefined) return false;
  }
  return true;
}

function hasEveryKey(tree: Tree, keys: readonly string[]): boolean {
  for (const key of keys) if (!hasKey(tree, key)) return false;
  return true;
}

function hasKey(tree: Tree, key: string): boolean {
  return tree instanceof ObjectNode ? tree.has(key) : Object.hasOwn(tree as Container, key);
}
