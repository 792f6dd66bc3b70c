import {
  createFieldStore,
  type FieldStoreState,
  PathSyntaxError,
  type ResponseEvent,
  type StreamingData,
} from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameFieldState, selectField } from '../../src/store/field-state';
import { close, open, partialText, scalar, streamText } from './patches';

/** Subscribes to each path and records which of them heard about each update. */
function listen(store: ReturnType<typeof createFieldStore>, paths: readonly string[]) {
  const heard = new Set<string>();
  for (const path of paths) store.subscribePath(path, () => heard.add(path));
  return {
    take: (): string[] => {
      const out = [...heard].sort();
      heard.clear();
      return out;
    },
  };
}

describe('subscribePath', () => {
  it('notifies the patched path, its ancestors and descendants, not its siblings', () => {
    const store = createFieldStore();
    store.apply([open('', 'object'), open('user', 'object'), open('items', 'array')]);
    const log = listen(store, ['', 'user', 'user.name', 'user.email', 'items', 'items[0]', 'items[0].tag', 'items[1]']);

    store.apply(partialText('user.name', 'Ada'));
    expect(log.take()).toEqual(['', 'user', 'user.name']);

    store.apply([scalar('items[0].tag', 'x')]);
    expect(log.take()).toEqual(['', 'items', 'items[0]', 'items[0].tag']);

    // A container's own patch may replace everything below it.
    store.apply([close('items', [{ tag: 'x' }])]);
    expect(log.take()).toEqual(['', 'items', 'items[0]', 'items[0].tag', 'items[1]']);
  });

  it('notifies once per update however many patches the update holds', () => {
    const store = createFieldStore();
    let calls = 0;
    store.subscribePath('a', () => calls++);
    store.apply(streamText('a', 'hello world'));
    expect(calls).toBe(1);
  });

  it('does not notify for a reasoning patch or an update that changes nothing', () => {
    const store = createFieldStore();
    store.apply([scalar('a', 1)]);
    const log = listen(store, ['', 'a']);
    store.apply([{ ...scalar('$reasoning', 'thinking'), delta: 'thinking', is_complete: false }]);
    store.apply([]);
    expect(log.take()).toEqual([]);
  });

  it('notifies every path for a status change, a retry, the final data and an error', () => {
    const store = createFieldStore();
    const paths = ['a', 'b.c', 'items[3]'];
    const log = listen(store, paths);
    store.dispatch({ type: 'attempt', attempt: 0, format: 'json' });
    expect(log.take()).toEqual([...paths].sort());
    store.apply([scalar('a', 1)]);
    expect(log.take()).toEqual(['a']);
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    expect(log.take()).toEqual([...paths].sort());
    store.dispatch({ type: 'final', attempt: 1, data: { a: 1 } });
    expect(log.take()).toEqual([...paths].sort());

    const failing = createFieldStore();
    const failed = listen(failing, paths);
    failing.apply([scalar('a', 1)]);
    failed.take();
    failing.dispatch({ type: 'error', attempt: 0, error: new PathSyntaxError('x', 0, 'test') });
    expect(failed.take()).toEqual([...paths].sort());
  });

  it('notifies the paths below a container that a write replaced with one of another kind', () => {
    const store = createFieldStore();
    store.apply([scalar('a.x', 1)]);
    const log = listen(store, ['a.x', 'b']);
    // `a` was an object; writing `a[0]` makes it an array, so `a.x` is gone.
    store.apply([scalar('a[0]', 2)]);
    expect(store.getField('a.x').value).toBeUndefined();
    expect(log.take()).toEqual(['a.x']);
  });

  it('stops notifying after unsubscribe, and a wildcard path hears every update', () => {
    const store = createFieldStore();
    let direct = 0;
    let wildcard = 0;
    const stop = store.subscribePath('a', () => direct++);
    store.subscribePath('items[*]', () => wildcard++);
    store.apply([scalar('a', 1)]);
    stop();
    stop();
    store.apply([scalar('a', 2)]);
    store.apply([scalar('b', 2)]);
    expect(direct).toBe(1);
    expect(wildcard).toBe(3);
  });

  it('throws PathSyntaxError for a malformed path', () => {
    expect(() => createFieldStore().subscribePath('a..b', () => {})).toThrow(PathSyntaxError);
  });

  it('passes the new and the previous snapshot, like subscribe', () => {
    const store = createFieldStore();
    const seen: [FieldStoreState, FieldStoreState][] = [];
    store.subscribePath('a', (state, previous) => seen.push([state, previous]));
    const before = store.getState();
    store.apply([scalar('a', 1)]);
    expect(seen).toEqual([[store.getState(), before]]);
  });
});

// Indexes 0–1: a write may open at most one hole at the end of a list (PATCH_INDEX_OUT_OF_RANGE beyond).
const segmentArbitrary = fc.oneof(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 1 }));
const pathArbitrary = fc
  .array(segmentArbitrary, { minLength: 0, maxLength: 3 })
  .map((segments) => segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join(''));
const valueArbitrary = fc.oneof(
  fc.constantFrom('x', 'xy', 1, null, true),
  fc.constant({}),
  fc.constant([]),
  fc.constant({ a: 'x' }),
  fc.constant(['x', 'y']),
);
const patchArbitrary = fc
  .tuple(pathArbitrary, valueArbitrary, fc.boolean())
  .map(([path, value, done]): StreamingData => {
    const patch = done
      ? close(path, value)
      : { ...close(path, value), is_complete: false, event_type: 'delta' as const };
    if (done) return patch;
    const { completion_source: _, ...delta } = patch;
    return delta;
  });
const eventArbitrary: fc.Arbitrary<(attempt: number) => ResponseEvent> = fc.oneof(
  {
    weight: 8,
    arbitrary: patchArbitrary.map(
      (data) =>
        (attempt: number): ResponseEvent => ({ type: 'patch', attempt, data }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constant(
      (attempt: number): ResponseEvent => ({ type: 'attempt', attempt: attempt + 1, format: 'json' }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constant((attempt: number): ResponseEvent => ({ type: 'final', attempt, data: { a: ['x'] } })),
  },
);

describe('subscribePath never misses a change', () => {
  it('notifies a path in every update that changes its field state (property)', () => {
    const probes = ['', 'a', 'b', 'a.a', 'a.b', 'a[0]', 'a[1]', 'b[0].a', 'a.a.b', '[0]', '[1].b'];
    fc.assert(
      fc.property(
        fc.array(fc.array(eventArbitrary, { minLength: 1, maxLength: 4 }), { maxLength: 12 }),
        fc.constantFrom<'keep-stale' | 'clear'>('keep-stale', 'clear'),
        (batches, onRetry) => {
          const store = createFieldStore(undefined, { onRetry });
          const heard = new Set<string>();
          for (const path of probes) store.subscribePath(path, () => heard.add(path));
          for (const batch of batches) {
            const before = store.getState();
            heard.clear();
            store.dispatch(batch.map((make) => make(store.getState().attempt)));
            const after = store.getState();
            for (const path of probes) {
              const changed = !sameFieldState(selectField(before, path), selectField(after, path));
              if (changed) expect(heard.has(path), `${path} changed but was not notified`).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
