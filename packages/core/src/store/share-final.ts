import { writeOwn } from '../patch/apply-patch';
import type { PathSegment } from '../patch/path';
import {
  ArrayNode,
  type Container,
  childAtRank,
  isContainer,
  isContainerKind,
  keysOf,
  lengthOf,
  ObjectNode,
  type Tree,
} from './tree-node';

/**
 * The streamed tree to keep for reconciliation once `final` arrived: every subtree equal to the
 * final data's subtree at the same place is replaced by that subtree (the very same object), so a
 * store keeps one copy of what the answer confirmed instead of two (its persistent nodes and
 * string values go). A fully confirmed answer keeps just `final`. Equal values read the same, so
 * reconciliation and `state.streamed` are unchanged. Subtrees nested deeper than
 * {@link SHARED_DEPTH} are kept as they are.
 */
export function shareFinal(tree: Tree, final: unknown): Tree {
  return share(tree, final, 0);
}

const SHARED_DEPTH = 200;

function share(tree: Tree, final: unknown, depth: number): Tree {
  if (Object.is(tree, final)) return final;
  if (!isContainer(final) || !isContainerKind(tree, Array.isArray(final)) || depth >= SHARED_DEPTH) return tree;
  const list = Array.isArray(final);
  const keys: readonly PathSegment[] | undefined = list ? undefined : keysOf(tree);
  const count = keys === undefined ? lengthOf(tree) : keys.length;
  const source = final as Record<string | number, unknown>;
  let allShared = count === (list ? (final as unknown[]).length : Object.keys(final).length);
  let anyShared = false;
  // Each child's shared value, kept for a rebuild only a partly shared container needs.
  const children: Tree[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const key = keys === undefined ? i : (keys[i] as PathSegment);
    const own = childAtRank(tree, i, key);
    const has = Object.hasOwn(final, key);
    const shared = has ? share(own, source[key], depth + 1) : own;
    // Equal strings are `===` but may be two copies: taking the final's is what frees ours.
    if (has && shared === source[key]) anyShared = true;
    else allShared = false;
    children[i] = shared;
  }
  if (allShared) return final;
  if (!anyShared) return tree;
  // Sparse, so an array's gaps stay gaps.
  const rebuilt: Container = list ? [] : {};
  for (let i = 0; i < count; i++) {
    if (children[i] !== undefined) writeOwn(rebuilt, keys === undefined ? i : (keys[i] as PathSegment), children[i]);
  }
  if (!Array.isArray(rebuilt)) return ObjectNode.from(rebuilt);
  rebuilt.length = count;
  return ArrayNode.from(rebuilt);
}
