import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAt } from '../../src/patch/patch-tree';
import { createFieldStore } from '../../src/store/field-store';
import { shareFinal } from '../../src/store/share-final';
import { scalar } from './patches';

const json = fc.jsonValue({ maxDepth: 4 });

describe('shareFinal', () => {
  it('keeps what the streamed tree reads, and is the final data itself when both are equal', () => {
    fc.assert(
      fc.property(json, json, (streamed, final) => {
        const shared = shareFinal(structuredClone(streamed), final);
        expect(shared).toEqual(streamed);
        if (JSON.stringify(streamed) === JSON.stringify(final)) expect(shared).toBe(final);
      }),
    );
  });

  it('takes each equal subtree from the final data and keeps the changed ones', () => {
    const final = { notes: ['a', 'b'], detail: { title: 'T', body: 'new' }, count: 2 };
    const streamed = { notes: ['a', 'b'], detail: { title: 'T', body: 'old' }, count: 2 };
    const shared = shareFinal(structuredClone(streamed), final);
    expect(readAt(shared, ['notes'])).toBe(final.notes);
    expect(readAt(shared, ['detail'])).not.toBe(final.detail);
    expect(shared).toEqual(streamed);
  });

  it('keeps a gap of a sparse streamed list a gap', () => {
    const streamed: unknown[] = [];
    streamed[2] = 'x';
    const shared = shareFinal(streamed, [{ a: 1 }, 'y', 'x']);
    const plain = shared as unknown[];
    expect(plain).toHaveLength(3);
    expect(0 in plain).toBe(false);
    expect(plain[2]).toBe('x');
  });

  it('a store whose streamed answer matches the final data keeps the final data as its streamed tree', () => {
    const store = createFieldStore();
    const final = { title: 'Hello', tags: ['a'] };
    store.dispatch([
      { type: 'attempt', attempt: 0, format: 'json' },
      { type: 'patch', attempt: 0, data: scalar('title', 'Hello') },
      { type: 'patch', attempt: 0, data: scalar('tags[0]', 'a') },
      { type: 'final', attempt: 0, data: final },
    ]);
    expect(store.getField('title')).toMatchObject({ value: 'Hello', reconciled: 'confirmed' });
    expect(store.getState().streamed).toBe(final);
  });
});
