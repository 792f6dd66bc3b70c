import type { CompletionSource, ResponseEvent } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectField } from '../../src/store/field-state';
import { createFieldStore } from '../../src/store/field-store';
import type { FieldStoreState } from '../../src/store/field-store-state';
import { createSnapshot, dataTree, settledRecord, streamedTree } from '../../src/store/snapshot';
import { close, open, scalar } from './patches';

const PATHS = ['a', 'b', 'b.c', 'b.d', 'list', 'list[0]', 'list[1]', 'list[1].x', 'list[1].y', '["odd key"]'];
const LEAVES = ['a', 'b.c', 'b.d', 'list[0]', 'list[1].x', 'list[1].y', '["odd key"]'];
const SOURCES: CompletionSource[] = ['observed_boundary', 'synthetic_repair', 'final_reconciliation'];

/** The same snapshot with its records as they were before `final` folded them. */
function unfolded(state: FieldStoreState, fields: FieldStoreState['fields']): FieldStoreState {
  const { status, attempt, reasoning, error, final, hasFinal } = state;
  const data = dataTree(state);
  return createSnapshot({
    status,
    attempt,
    reasoning,
    error,
    final,
    hasFinal,
    fields,
    data,
    streamed: streamedTree(state),
  });
}

describe('records folded at final', () => {
  it('every path reads the same field state as with its own record', () => {
    const write = fc.record({
      attempt: fc.constantFrom(0, 1),
      path: fc.constantFrom(...LEAVES),
      value: fc.oneof(fc.string({ maxLength: 3 }), fc.integer()),
      source: fc.constantFrom(...SOURCES),
    });
    fc.assert(
      fc.property(
        fc.array(write, { maxLength: 14 }),
        fc.boolean(),
        fc.jsonValue({ maxDepth: 3 }),
        (writes, same, other) => {
          const store = createFieldStore();
          const events: ResponseEvent[] = [
            { type: 'attempt', attempt: 0, format: 'json' },
            { type: 'patch', attempt: 0, data: open('b', 'object') },
            { type: 'patch', attempt: 0, data: open('list', 'array') },
          ];
          for (const { attempt, path, value, source } of [...writes].sort((x, y) => x.attempt - y.attempt)) {
            events.push({ type: 'patch', attempt, data: scalar(path, value, source) });
          }
          store.dispatch(events);
          const before = store.getState();
          const data = JSON.parse(JSON.stringify(before.data ?? null));
          store.dispatch({ type: 'final', attempt: before.attempt, data: same ? data : other });
          const after = store.getState();
          const reference = unfolded(after, before.fields);
          for (const path of ['', ...PATHS, 'missing', 'list[5]']) {
            expect(store.getField(path)).toEqual(selectField(reference, path));
          }
        },
      ),
    );
  });

  it('a fully streamed, confirmed answer keeps one record instead of one per path', () => {
    const store = createFieldStore();
    store.dispatch([
      { type: 'attempt', attempt: 0, format: 'json' },
      { type: 'patch', attempt: 0, data: scalar('title', 'T') },
      { type: 'patch', attempt: 0, data: open('tags', 'array') },
      { type: 'patch', attempt: 0, data: scalar('tags[0]', 'x') },
      { type: 'patch', attempt: 0, data: close('tags', ['x']) },
      { type: 'final', attempt: 0, data: { title: 'T', tags: ['x'] } },
    ]);
    expect(store.getState().fields.size).toBe(0);
    expect(settledRecord(store.getState())).toEqual({
      isComplete: true,
      completionSource: 'observed_boundary',
      attempt: 0,
    });
    expect(store.getField('tags[0]')).toEqual({
      value: 'x',
      isComplete: true,
      completionSource: 'observed_boundary',
      attempt: 0,
      stale: false,
      reconciled: 'confirmed',
    });
    expect(store.getField('tags[1]').attempt).toBeUndefined();
  });
});
