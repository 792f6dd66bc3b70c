import { appendSegment } from '../patch/path';
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
 */
export function settleRecords(fields: PathMap<FieldRecord>, streamed: Tree): SettledRecords {
  // Marks by position (one key lookup per path of the tree, no set of key strings).
  const inTree = new Uint8Array(fields.size);
  const counts = new Map<FieldRecord, number>();
  const stack: [Tree, string][] = [[streamed, '']];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [tree, path] = top;
    for (const segment of keysOf(tree)) {
      const child = childOf(tree, segment);
      if (child === undefined) continue;
      const key = typeof segment === 'number' ? `${path}[${segment}]` : appendSegment(path, segment);
      const position = fields.positionOf(key);
      if (position < 0) return { fields, settled: undefined };
      const record = fields.valueAt(position);
      inTree[position] = 1;
      counts.set(record, (counts.get(record) ?? 0) + 1);
      stack.push([child, key]);
    }
  }
  let settled: FieldRecord | undefined;
  let most = 0;
  for (const [record, count] of counts) {
    if (count > most) [settled, most] = [record, count];
  }
  if (settled === undefined) return { fields, settled };
  const keys: string[] = [];
  const records: FieldRecord[] = [];
  let position = 0;
  fields.forEach((record, key) => {
    // `forEach` visits the entries in position order.
    if (record !== settled || inTree[position] === 0) {
      keys.push(key);
      records.push(record);
    }
    position++;
  });
  return { fields: PathMap.from(keys, records), settled };
}
