import type { FieldStore } from '../store/field-store';
import { type FieldStoreState, isTerminalStatus } from '../store/field-store-state';
import { batchFor } from './notify-batch';
import type { Schedule } from './schedule';
import { heldState, holdState, notify, reading } from './view-read';

/**
 * `store.subscribe` — or `store.subscribePath(path)` when `path` is given, to hear only about
 * updates that may change that path — with `onChange` called on `schedule`. Off `'sync'`, the store
 * holds a response's chunks until the schedule's flush reads it: one update per flush, not one per
 * chunk. Returns the unsubscribe function, which also cancels a notification still waiting.
 */
export function subscribeScheduled<Data>(
  store: FieldStore<Data>,
  schedule: Schedule | undefined,
  onChange: () => void,
  path: string | undefined,
): () => void {
  // `'sync'` waits for a frame only after a `retrying` no render has read yet.
  const sync = schedule === 'sync';
  const batch = batchFor(schedule);
  const listener = (state: FieldStoreState<Data>): void => {
    const retrying = state.status === 'retrying';
    const ended = isTerminalStatus(state.status);
    // The end of a response, or a retry: delivered at once, not at the next flush. Views keep
    // reading a `retrying` state until a render has read it, though the store may have moved on.
    if (retrying) holdState(store, state);
    else if (ended || heldState(store)?.shown) holdState(store, undefined);
    if (!(ended || retrying || (sync && heldState(store) === undefined))) {
      batch.enqueue(onChange);
      return;
    }
    // Everything pending is delivered with this change, in this same task. What a custom schedule
    // throws goes on (the store reports it) once the change is delivered.
    const deliver = (): void => {
      batch.remove(onChange);
      try {
        if (!sync) batch.flushNow();
      } finally {
        notify(onChange);
      }
    };
    if (reading > 0) queueMicrotask(deliver);
    else deliver();
  };
  // Off `'sync'`, the store applies a response's chunks when this batch reads it, not one update per chunk.
  const options = sync ? undefined : { onPending: batch.readLater(store) };
  const unsubscribe =
    path === undefined ? store.subscribe(listener, options) : store.subscribePath(path, listener, options);
  return () => {
    unsubscribe();
    batch.remove(onChange);
  };
}
