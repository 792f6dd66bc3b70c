import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentVector } from '../../src/store/persistent-vector';
import { TreeDraft } from '../../src/store/tree-draft';
import { ArrayNode, materialise, ObjectNode, readTree } from '../../src/store/tree-node';

/** The indexes a vector visits, with their values. */
function entries<T>(vector: PersistentVector<T>): [number, T][] {
  const seen: [number, T][] = [];
  vector.forEach((value, index) => {
    seen.push([index, value]);
  });
  return seen;
}

/**
 * `version` holds exactly `expected` (holes stay holes): its length, its entries in order, every
 * index up to one past the end, and nothing at -1.
 */
function expectVersion(version: PersistentVector<number>, expected: readonly number[]): void {
  expect(version.length).toBe(expected.length);
  const set = Object.keys(expected).map((key): [number, number] => [Number(key), expected[Number(key)] as number]);
  expect(entries(version)).toEqual(set);
  // One assertion over every index (one `expect` per index made the property test take 14 s).
  const read = Array.from({ length: expected.length + 2 }, (_, i) => version.get(i - 1));
  expect(read).toEqual([undefined, ...Array.from({ length: expected.length }, (_, i) => expected[i]), undefined]);
}

describe('PersistentVector', () => {
  it('behaves like an array for any sequence of sets, and never changes an older version', () => {
    const write = fc.tuple(fc.integer({ min: 0, max: 2_100 }), fc.integer());
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 70 }), fc.array(write, { maxLength: 60 }), (start, writes) => {
        let vector = PersistentVector.from(start);
        const reference = start.slice();
        const versions: [PersistentVector<number>, number[]][] = [[vector, reference.slice()]];
        for (const [index, value] of writes) {
          vector = vector.set(index, value);
          reference[index] = value;
          versions.push([vector, reference.slice()]); // slice keeps the holes
        }
        for (const [version, expected] of versions) expectVersion(version, expected);
      }),
      { numRuns: 200 },
    );
  });

  it('never changes a version when an older or newer one sharing its tail is written (appends in place)', () => {
    // Each write goes to any earlier version, mostly as an append (what a stream does): appends
    // write the shared tail in place, so a fork must neither see nor lose another version's items.
    const write = fc.record({
      from: fc.nat(),
      append: fc.boolean(),
      index: fc.integer({ min: 0, max: 140 }),
      value: fc.integer(),
    });
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.array(write, { maxLength: 120 }), (start, writes) => {
        const versions: [PersistentVector<number>, number[]][] = [[PersistentVector.from(start), start.slice()]];
        for (const { from, append, index, value } of writes) {
          const [vector, reference] = versions[from % versions.length] as [PersistentVector<number>, number[]];
          const at = append ? reference.length : index;
          const next = reference.slice();
          next[at] = value;
          versions.push([vector.set(at, value), next]);
        }
        for (const [version, expected] of versions) expectVersion(version, expected);
      }),
      { numRuns: 300 },
    );
  });

  it('sets an index far past the end without creating the gap', () => {
    const vector = PersistentVector.from(['a']).set(999_999_999, 'z');
    expect(vector.length).toBe(1_000_000_000);
    expect(entries(vector)).toEqual([
      [0, 'a'],
      [999_999_999, 'z'],
    ]);
    expect(vector.get(500_000_000)).toBeUndefined();
  });
});

describe('persistent data tree', () => {
  it('keeps every version of an object: an older version written again forks its keys', () => {
    const base = ObjectNode.from({ a: 1 });
    const left = base.with('b', 2);
    const right = base.with('c', 3);
    const leftAgain = left.with('a', 10);
    expect(materialise(base)).toEqual({ a: 1 });
    expect(materialise(left)).toEqual({ a: 1, b: 2 });
    expect(materialise(right)).toEqual({ a: 1, c: 3 });
    expect(materialise(leftAgain)).toEqual({ a: 10, b: 2 });
    expect(Object.keys(materialise(right) as object)).toEqual(['a', 'c']);
    expect(right.get('b')).toBeUndefined();
  });

  it('builds a node once and keeps the plain value of unchanged subtrees', () => {
    const draft = new TreeDraft(undefined);
    draft.write(['meta', 'tags', 0], 'x');
    draft.write(['items', 0, 'name'], 'a');
    const first = materialise(draft.root) as { meta: unknown; items: unknown[] };
    expect(materialise(draft.root)).toBe(first);
    draft.write(['items', 1, 'name'], 'b');
    const second = materialise(draft.root) as { meta: unknown; items: unknown[] };
    expect(second).toEqual({ meta: { tags: ['x'] }, items: [{ name: 'a' }, { name: 'b' }] });
    expect(second.meta).toBe(first.meta);
    expect(second.items[0]).toBe(first.items[0]);
    expect(first).toEqual({ meta: { tags: ['x'] }, items: [{ name: 'a' }] });
  });

  it('writes into a plain container by turning only that container into a node', () => {
    const plain = { keep: { deep: [1, 2] }, list: ['a'] };
    const draft = new TreeDraft(plain);
    draft.write(['list', 1], 'b');
    expect(draft.root).toBeInstanceOf(ObjectNode);
    expect(readTree(draft.root, ['list'])).toBeInstanceOf(ArrayNode);
    expect(readTree(draft.root, ['keep'])).toBe(plain.keep);
    expect(materialise(draft.root)).toEqual({ keep: { deep: [1, 2] }, list: ['a', 'b'] });
    expect(plain).toEqual({ keep: { deep: [1, 2] }, list: ['a'] });
  });

  it('writes correctly when reading a plain container runs a getter that writes another tree', () => {
    const other = new TreeDraft(undefined);
    const plain: Record<string, unknown> = {};
    Object.defineProperty(plain, 'a', {
      enumerable: true,
      get() {
        other.write(['p', 'q', 'r'], 'nested');
        return 1;
      },
    });
    const draft = new TreeDraft({ top: { mid: plain } });
    draft.write(['top', 'mid', 'b'], 2);
    expect(materialise(draft.root)).toEqual({ top: { mid: { a: 1, b: 2 } } });
    expect(materialise(other.root)).toEqual({ p: { q: { r: 'nested' } } });
  });

  it('writes, reads and materialises a 50 000-deep path without overflowing the stack', () => {
    const depth = 50_000;
    const path = Array.from({ length: depth }, () => 0);
    const draft = new TreeDraft(undefined);
    draft.write(path, 'leaf');
    expect(readTree(draft.root, path)).toBe('leaf');
    let node = materialise(draft.root);
    for (let i = 0; i < depth; i++) node = (node as unknown[])[0];
    expect(node).toBe('leaf');
  });
});
