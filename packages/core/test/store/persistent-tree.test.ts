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

  it('a write to the same path as the last one equals a write from the root, and no older plain value changes', () => {
    // Fixed arrays, so a path repeats as the same array, as a streaming field's does.
    const paths: (string | number)[][] = [
      ['a'],
      ['a', 'b'],
      ['l'],
      ['l', 0],
      ['l', 1],
      ['l', 0, 'x'],
      ['o', 'b'],
      ['m', 0],
    ];
    const op = fc.oneof(
      fc.record({
        path: fc.nat(paths.length - 1),
        value: fc.oneof(fc.constantFrom('x', 'y', 1), fc.constant({}), fc.constant([])),
      }),
      fc.constantFrom('read', 'next draft'),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let draft = new TreeDraft(undefined);
        let reference: unknown;
        const seen: [unknown, unknown][] = [];
        for (const each of ops) {
          if (each === 'read') {
            // Reading builds plain values, after which no write may change a node in place.
            const plain = materialise(draft.root);
            expect(plain).toEqual(reference);
            seen.push([plain, structuredClone(plain)]);
          } else if (each === 'next draft') {
            draft = new TreeDraft(draft.root);
          } else {
            const segments = paths[each.path] as (string | number)[];
            const written = writePlain(reference, segments, structuredClone(each.value));
            // An index past the list's end is an error, not a write: leave those out.
            if (written === undefined) continue;
            reference = written;
            draft.write(segments, each.value);
          }
        }
        expect(materialise(draft.root)).toEqual(reference);
        for (const [plain, copy] of seen) expect(plain).toEqual(copy);
      }),
      {
        numRuns: 500,
        // A no-op write between two writes to one path must not leave the first one's node behind.
        examples: [
          [
            [
              { path: 6, value: 'x' },
              { path: 1, value: 'x' },
              { path: 6, value: 'x' },
              { path: 6, value: 'y' },
            ],
          ],
        ],
      },
    );
  });
});

/**
 * The reference for a write: `tree` with `value` at `segments`, each level a container of the kind
 * its segment needs (anything else is replaced); `undefined` when an index is past a list's end.
 */
function writePlain(tree: unknown, segments: readonly (string | number)[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [segment, ...rest] = segments as [string | number, ...(string | number)[]];
  if (typeof segment === 'number') {
    const list = Array.isArray(tree) ? [...tree] : [];
    if (segment > list.length) return undefined;
    const child = writePlain(list[segment], rest, value);
    if (child === undefined && rest.length > 0) return undefined;
    list[segment] = child;
    return list;
  }
  const record: Record<string, unknown> =
    tree !== null && typeof tree === 'object' && !Array.isArray(tree) ? { ...tree } : {};
  const child = writePlain(record[segment], rest, value);
  if (child === undefined && rest.length > 0) return undefined;
  record[segment] = child;
  return record;
}
