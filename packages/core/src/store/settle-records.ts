import { appendSegment, type PathSegment } from '../patch/path';
import type { FieldRecord } from './field-store-state';
import { PathMap } from './path-map';
import { childOf, keysOf, type Tree } from './tree-node';

/** The records a store keeps once the final data arrived. */
export type SettledRecords = {
  readonly fields: PathMap<FieldRecord>;
  /** What a path of the streamed tree (below the root) without a record of its own reads. */
  readonly settled: FieldRecord | undefined;
};

/**
 * Folds the per-path records away once the final data arrived (nothing writes them after it):
 * when every path of the streamed tree below the root has a record, the records equal to the
 * most common one at those paths are dropped and that one is kept once. A path of the tree then
 * reads it (records are interned, so "equal" is identity), and every other path keeps its own. When
 * some path of the tree has no record, nothing is folded (its state must stay "never streamed").
 * Also when the records are not the tree's paths in order (see below): folding only saves memory.
 */
export function settleRecords(fields: PathMap<FieldRecord>, streamed: Tree): SettledRecords {
  // Without a key lookup: a stream writes each path first in document order, so the records after
  // the root's are exactly the tree's paths in pre-order (each key compared with the one its
  // parent's key and segment make). When they are not (a container written whole, a retry, writes
  // out of order), nothing is folded: every path keeps its own record, which reads the same.
  const keys: string[] = [];
  const records: FieldRecord[] = [];
  fields.forEach((record, key) => {
    keys.push(key);
    records.push(record);
  });
  const unfolded = { fields, settled: undefined };
  const root = keys[0] === '' ? 1 : 0;
  let next = root;
  // Pre-order with an explicit stack (any depth): each entry a tree, its parent's key and its segment.
  const trees: Tree[] = [];
  const parents: string[] = [];
  const segments: PathSegment[] = [];
  pushChildren(streamed, '', trees, parents, segments);
  while (trees.length > 0) {
    const tree = trees.pop();
    const parent = parents.pop() as string;
    const segment = segments.pop() as PathSegment;
    const key = appendSegment(parent, segment);
    if (keys[next] !== key) return unfolded;
    next++;
    pushChildren(tree, key, trees, parents, segments);
  }
  if (next !== keys.length) return unfolded;
  // Every record below the root is at a path of the tree: fold the most common one.
  const counts = new Map<FieldRecord, number>();
  for (let i = root; i < records.length; i++)
    counts.set(records[i] as FieldRecord, (counts.get(records[i] as FieldRecord) ?? 0) + 1);
  let settled: FieldRecord | undefined;
  let most = 0;
  for (const [record, count] of counts) if (count > most) [settled, most] = [record, count];
  const keptKeys: string[] = [];
  const kept: FieldRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    if (records[i] !== settled || i < root) {
      keptKeys.push(keys[i] as string);
      kept.push(records[i] as FieldRecord);
    }
  }
  return settled === undefined ? unfolded : { fields: PathMap.from(keptKeys, kept), settled };
}

/** Pushes the defined children of `tree` (at `key`) last first, so the first is taken next. */
function pushChildren(tree: Tree, key: string, trees: Tree[], parents: string[], segments: PathSegment[]): void {
  if (tree === null || typeof tree !== 'object') return;
  const own = keysOf(tree);
  for (let i = own.length - 1; i >= 0; i--) {
    const segment = own[i] as PathSegment;
    const child = childOf(tree, segment);
    if (child === undefined) continue;
    trees.push(child);
    parents.push(key);
    segments.push(segment);
  }
}
