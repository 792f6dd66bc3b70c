import { appendSegment, isChildPath, type PathSegment } from '../patch/path';
import type { FieldRecord } from './field-store-state';
import { PathMap } from './path-map';
import { childAtRank, childOf, keysOf, type Tree } from './tree-node';

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
  return settleInOrder(fields, streamed) ?? settleByKey(fields, streamed);
}

/**
 * The usual case, without a key lookup: a stream writes each path first in document order, so the
 * records after the root's are exactly the tree's paths in pre-order (each key compared with the
 * one its parent's key and segment make). `undefined` when they are not (a container written
 * whole, a retry, writes out of order): `settleByKey` then looks each path up.
 */
function settleInOrder(fields: PathMap<FieldRecord>, streamed: Tree): SettledRecords | undefined {
  const keys: string[] = new Array(fields.size);
  const records: FieldRecord[] = new Array(fields.size);
  let position = 0;
  fields.forEach((record, key) => {
    keys[position] = key;
    records[position++] = record;
  });
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
    const key = keys[next];
    if (key === undefined || !isChildPath(key, parent, segment)) return undefined;
    next++;
    pushChildren(tree, key, trees, parents, segments);
  }
  if (next !== keys.length) return undefined;
  // Every record below the root is at a path of the tree: fold the most common one.
  const distinct: FieldRecord[] = [];
  const counts: number[] = [];
  for (let i = root; i < records.length; i++) {
    const record = records[i] as FieldRecord;
    const at = distinct.indexOf(record);
    if (at < 0) {
      distinct.push(record);
      counts.push(1);
    } else counts[at] = (counts[at] as number) + 1;
  }
  let settled: FieldRecord | undefined;
  let most = 0;
  for (let i = 0; i < distinct.length; i++) {
    if ((counts[i] as number) > most) [settled, most] = [distinct[i], counts[i] as number];
  }
  if (settled === undefined) return { fields, settled };
  const keptKeys: string[] = [];
  const kept: FieldRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    if (records[i] !== settled || i < root) {
      keptKeys.push(keys[i] as string);
      kept.push(records[i] as FieldRecord);
    }
  }
  return { fields: PathMap.from(keptKeys, kept), settled };
}

/** Pushes the defined children of `tree` (at `key`) last first, so the first is taken next. */
function pushChildren(tree: Tree, key: string, trees: Tree[], parents: string[], segments: PathSegment[]): void {
  if (tree === null || typeof tree !== 'object') return;
  const own = keysOf(tree);
  for (let i = own.length - 1; i >= 0; i--) {
    const segment = own[i] as PathSegment;
    const child = childAtRank(tree, i, segment);
    if (child === undefined) continue;
    trees.push(child);
    parents.push(key);
    segments.push(segment);
  }
}

/** The general case: every path of the tree looked up by its key. */
function settleByKey(fields: PathMap<FieldRecord>, streamed: Tree): SettledRecords {
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
