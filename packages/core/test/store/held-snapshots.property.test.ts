import { createFieldStore, type FieldState, type FieldStoreState } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamingData } from './patches';

// Decision 0015: the store writes in place until a snapshot may be held outside it; whatever was
// handed out (a state read, a state or `previous` sent to a listener, a field read) never changes.

const PATHS = ['a', 'a.b', 'a.c', 'list', 'list[0]', 'list[1]', 'list[0].x', 'o.k'];
const value = fc.oneof(fc.constantFrom('x', 'yy', 1, null), fc.constant({}), fc.constant([]));
type Op =
  | { kind: 'apply'; path: string; value: unknown; done: boolean }
  | { kind: 'read' | 'subscribe' | 'subscribe path' | 'unsubscribe' | 'read field'; path: string };
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      path: fc.constantFrom(...PATHS),
      value,
      done: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'read' as const,
        'subscribe' as const,
        'subscribe path' as const,
        'unsubscribe' as const,
        'read field' as const,
      ),
      path: fc.constantFrom(...PATHS),
    }),
  },
);

describe('a store’s snapshots once handed out', () => {
  it('never change, however updates, reads and subscriptions interleave (property)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const store = createFieldStore();
        const held: [unknown, unknown][] = [];
        const hold = (thing: unknown): void => {
          held.push([thing, structuredClone(thing)]);
        };
        const holdState = (state: FieldStoreState): void => hold({ data: state.data, fields: [...state.fields] });
        const subscriptions: (() => void)[] = [];
        for (const each of ops) {
          if (each.kind === 'apply') {
            try {
              store.apply([streamingData(each.path, structuredClone(each.value), '', each.done)]);
            } catch {
              // An index past a list's end: the store stays as it was (checked below by what it held).
            }
          } else if (each.kind === 'read') holdState(store.getState());
          else if (each.kind === 'read field') hold(store.getField(each.path) satisfies FieldState);
          else if (each.kind === 'subscribe') {
            // `previous` is the state this subscriber was last sent (or saw when it subscribed), unchanged.
            let last = structuredClone(store.getState().data);
            subscriptions.push(
              store.subscribe((state, previous) => {
                expect(previous.data).toEqual(last);
                last = structuredClone(state.data);
                holdState(state);
              }),
            );
          } else if (each.kind === 'subscribe path') {
            subscriptions.push(
              store.subscribePath(each.path, (state, previous) => {
                holdState(state);
                holdState(previous);
              }),
            );
          } else subscriptions.pop()?.();
        }
        for (const [thing, copy] of held) expect(thing).toEqual(copy);
      }),
      { numRuns: 400 },
    );
  });
});
