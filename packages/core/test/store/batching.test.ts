import { applyPatch, createFieldStore, parsePath, type StreamingData } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scalar } from './patches';

// Indexes 0–1: a write may open at most one hole at the end of a list (PATCH_INDEX_OUT_OF_RANGE beyond).
const pathArbitrary = fc
  .array(fc.oneof(fc.constantFrom('a', 'b', '__proto__', 'x y'), fc.integer({ min: 0, max: 1 })), {
    minLength: 1,
    maxLength: 4,
  })
  .map((segments) =>
    segments
      .map((segment, i) =>
        typeof segment === 'number'
          ? `[${segment}]`
          : /^[a-z]$/.test(segment)
            ? `${i === 0 ? '' : '.'}${segment}`
            : `[${JSON.stringify(segment)}]`,
      )
      .join(''),
  );

describe('batching', () => {
  it('ends in the same tree however the scalar patches are split into batches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pathArbitrary, fc.oneof(fc.string({ maxLength: 3 }), fc.integer())), { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 10 }),
        (writes, sizes) => {
          const patches: StreamingData[] = writes.map(([path, value]) => scalar(path, value));
          let expected: unknown;
          for (const patch of patches) expected = applyPatch(expected, parsePath(patch.path), patch.value);

          const oneBatch = createFieldStore();
          oneBatch.apply(patches);
          const split = createFieldStore();
          const snapshots: unknown[] = [];
          for (let i = 0, k = 0; i < patches.length; k++) {
            const size = sizes[k % sizes.length] as number;
            split.apply(patches.slice(i, i + size));
            snapshots.push(split.getState().data);
            i += size;
          }
          expect(oneBatch.getState().data).toEqual(expected);
          expect(split.getState().data).toEqual(expected);
          // Every earlier snapshot still holds what it held then: later batches never mutated it.
          let replay: unknown;
          for (let i = 0, k = 0; i < patches.length; k++) {
            const size = sizes[k % sizes.length] as number;
            for (const patch of patches.slice(i, i + size))
              replay = applyPatch(replay, parsePath(patch.path), patch.value);
            i += size;
            expect(snapshots[k]).toEqual(replay);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
