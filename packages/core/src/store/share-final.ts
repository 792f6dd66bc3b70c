import { writeOwn } from '../patch/apply-patch';
import { isContainer } from '../patch/container';
import { ArrayNode, type Container, childOf, isContainerKind, keysOf, ObjectNode, type Tree } from './tree-node';

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
  const keys = keysOf(tree);
  const source = final as Record<string | number, unknown>;
  let allShared = keys.length === Object.keys(final).length;
  let anyShared = false;
  // Sparse, so an array's gaps stay gaps.
  const rebuilt: Container = Array.isArray(final) ? [] : {};
  for (const key of keys) {
    const own = childOf(tree, key);
    const has = Object.hasOwn(final, key);
    const shared = has ? share(own, source[key], depth + 1) : own;
    // Equal strings are `===` but may be two copies: taking the final's is what frees ours.
    if (has && shared === source[key]) anyShared = true;
    else allShared = false;
    if (shared !== undefined) writeOwn(rebuilt, key, shared);
  }
  if (allShared) return final;
  if (!anyShared) return tree;
  if (!Array.isArray(rebuilt)) return ObjectNode.from(rebuilt);
  rebuilt.length = keys.length;
  return ArrayNode.from(rebuilt);
}
