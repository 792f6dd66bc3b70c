import { writeOwn } from '../patch/apply-patch';
import { type Container, isContainer } from '../patch/container';

/**
 * The streamed tree to keep for reconciliation once `final` arrived: every subtree equal to the
 * final data's subtree at the same place is replaced by that subtree (the very same object), so a
 * store keeps one copy of what the answer confirmed instead of two. A fully confirmed answer keeps
 * just `final`. Equal values read the same, so reconciliation and `state.streamed` are unchanged.
 * Subtrees nested deeper than {@link SHARED_DEPTH} are kept as they are.
 */
export function shareFinal(tree: unknown, final: unknown): unknown {
  return share(tree, final, 0);
}

const SHARED_DEPTH = 200;

function share(tree: unknown, final: unknown, depth: number): unknown {
  if (Object.is(tree, final)) return final;
  if (
    !isContainer(final) ||
    !isContainer(tree) ||
    Array.isArray(tree) !== Array.isArray(final) ||
    depth >= SHARED_DEPTH
  )
    return tree;
  const keys = Object.keys(tree);
  const source = final as Record<string, unknown>;
  const own = tree as Record<string, unknown>;
  let allShared = keys.length === Object.keys(final).length;
  let anyShared = false;
  // Sparse, so an array's gaps stay gaps.
  const rebuilt: Container = Array.isArray(final) ? [] : {};
  for (const key of keys) {
    const has = Object.hasOwn(final, key);
    const shared = has ? share(own[key], source[key], depth + 1) : own[key];
    // Equal strings are `===` but may be two copies: taking the final's is what frees ours.
    if (has && shared === source[key]) anyShared = true;
    else allShared = false;
    if (shared !== undefined) writeOwn(rebuilt, key, shared);
  }
  if (allShared) return final;
  if (!anyShared) return tree;
  if (Array.isArray(rebuilt)) rebuilt.length = (tree as unknown[]).length;
  return rebuilt;
}
