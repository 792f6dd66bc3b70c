import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PatchTree, readAt, recordIn } from '../../src/patch/patch-tree';
import { type FieldRecord, fieldRecord } from '../../src/store/field-record';

// Fixed arrays, so a path repeats as the same array, as a streaming field's does.
const PATHS: (string | number)[][] = [
  [],
  ['a'],
  ['a', 'b'],
  ['l'],
  ['l', 0],
  ['l', 1],
  ['l', 0, 'x'],
  ['o', 'b'],
  ['m', 0],
  ['__proto__', 'x'],
];

const write = fc.record({
  path: fc.nat(PATHS.length - 1),
  value: fc.oneof(fc.constantFrom('x', 'y', 1, null), fc.constant({}), fc.constant([]), fc.constant({ k: ['v'] })),
});
/** A write; an update that ends (its snapshot held, or not); an update that throws halfway. */
const op = fc.oneof(
  { weight: 6, arbitrary: write },
  { weight: 2, arbitrary: fc.constantFrom('held update', 'unseen update') },
  { weight: 1, arbitrary: fc.array(write, { maxLength: 4 }).map((writes) => ({ failing: writes })) },
);

/**
 * The reference for a write: `tree` with `value` at `segments`, each level a container of the kind
 * its segment needs (anything else is replaced); `undefined` when an index is past a list's end + 1.
 */
function writePlain(tree: unknown, segments: readonly (string | number)[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [segment, ...rest] = segments as [string | number, ...(string | number)[]];
  if (typeof segment === 'number') {
    const list = Array.isArray(tree) ? tree.slice() : [];
    if (segment > list.length + 1) return undefined;
    const child = writePlain(list[segment], rest, value);
    if (child === undefined && rest.length > 0) return undefined;
    list[segment] = child;
    return list;
  }
  const record: Record<string, unknown> =
    tree !== null && typeof tree === 'object' && !Array.isArray(tree) ? { ...tree } : {};
  const child = writePlain(Object.hasOwn(record, segment) ? record[segment] : undefined, rest, value);
  if (child === undefined && rest.length > 0) return undefined;
  Object.defineProperty(record, segment, { value: child, writable: true, enumerable: true, configurable: true });
  return record;
}

describe('PatchTree', () => {
  it('writes what copying writes give; a held snapshot never changes; an update that throws changes nothing', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const tree = new PatchTree();
        tree.begin(false);
        let reference: unknown;
        let held = false;
        const snapshots: [unknown, unknown][] = [];
        const apply = (each: { path: number; value: unknown }): boolean => {
          const segments = PATHS[each.path] as (string | number)[];
          // Patch values are shared and never written into: the tree copies one before writing below it.
          const value = structuredClone(each.value);
          const written = writePlain(reference, segments, value);
          if (written === undefined) {
            expect(() => tree.write(segments, value)).toThrow(/beyond the list's length/);
            return false;
          }
          reference = written;
          tree.write(segments, value);
          return true;
        };
        for (const each of ops) {
          if (each === 'held update' || each === 'unseen update') {
            tree.commit();
            if (each === 'held update') snapshots.push([tree.root, structuredClone(tree.root)]);
            tree.begin(held || each === 'held update');
            held = each === 'held update';
          } else if ('failing' in each) {
            tree.commit();
            tree.begin(held);
            held = false;
            const before = structuredClone(reference);
            const saved = reference;
            for (const one of each.failing) if (!apply(one)) break;
            tree.rollback();
            reference = saved;
            expect(tree.root).toEqual(before);
            tree.begin(false);
          } else if (!apply(each)) {
            tree.rollback();
            tree.begin(held);
            held = false;
            // The reference never took the failing write; the rollback undid this update's others.
            reference = structuredClone(tree.root);
          }
          expect(tree.root).toEqual(reference);
        }
        for (const [root, copy] of snapshots) expect(root).toEqual(copy);
      }),
      { numRuns: 500 },
    );
  });

  it('never writes into a container it was given; copies it once, then fills the copy in place', () => {
    const given = { keep: { deep: [1, 2] }, list: ['a'] };
    const tree = new PatchTree();
    tree.begin(false);
    tree.write([], given);
    tree.write(['list', 1], 'b');
    tree.write(['list', 2], 'c');
    expect(given).toEqual({ keep: { deep: [1, 2] }, list: ['a'] });
    const root = tree.root as typeof given;
    expect(root).toEqual({ keep: { deep: [1, 2] }, list: ['a', 'b', 'c'] });
    expect(root.keep).toBe(given.keep);
    const list = root.list;
    tree.write(['list', 3], 'd');
    expect(root.list).toBe(list);
  });

  it('reads each snapshot’s records as of its update, and undoes an update’s records on rollback', () => {
    const tree = new PatchTree<FieldRecord>();
    const streaming = fieldRecord(false, undefined, 0);
    const done = fieldRecord(true, 'observed_boundary', 0);
    tree.begin(false);
    tree.setRecord('a', streaming);
    tree.commit();
    const first = tree.update;
    tree.begin(true);
    tree.setRecord('a', done);
    tree.setRecord('b', streaming);
    tree.commit();
    const second = tree.update;
    expect([recordIn(tree.records, 'a', first), recordIn(tree.records, 'b', first)]).toEqual([streaming, undefined]);
    expect([recordIn(tree.records, 'a', second), recordIn(tree.records, 'b', second)]).toEqual([done, streaming]);
    tree.begin(true);
    tree.setRecord('a', streaming);
    tree.setRecord('c', done);
    tree.rollback();
    expect([...tree.records.keys()]).toEqual(['a', 'b']);
    expect(tree.recordOf('a')).toBe(done);
  });

  it('never changes a container handed out on its own, nor one below it, whatever is written after', () => {
    const tree = new PatchTree();
    tree.begin(false);
    tree.write(['a', 'b'], 'x');
    tree.write(['a', 'e', 'f'], 'y');
    const handedOut = tree.read(['a']) as { b: string; e: { f: string } };
    tree.sealContainer(handedOut);
    tree.write(['a', 'b'], 'z');
    tree.write(['a', 'e', 'f'], 'w');
    tree.write(['a', 'e', 'g'], 'v');
    expect(handedOut).toEqual({ b: 'x', e: { f: 'y' } });
    expect(tree.root).toEqual({ a: { b: 'z', e: { f: 'w', g: 'v' } } });
    // What the copy made is the tree's own again: the next writes fill it in place.
    const copy = (tree.root as { a: { e: object } }).a.e;
    tree.write(['a', 'e', 'h'], 'u');
    expect((tree.root as { a: { e: object } }).a.e).toBe(copy);
  });

  it('writes and reads a 50 000-deep path without overflowing the stack', () => {
    const path = Array.from({ length: 50_000 }, () => 0);
    const tree = new PatchTree();
    tree.begin(false);
    tree.write(path, 'leaf');
    expect(readAt(tree.root, path)).toBe('leaf');
    tree.commit();
    tree.begin(true);
    tree.write(path, 'next');
    tree.rollback();
    expect(readAt(tree.root, path)).toBe('leaf');
  });
});
