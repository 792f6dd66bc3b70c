import { reportListenerError } from '../errors/listener-errors';
import { type Schedule, scheduleFrame } from './schedule';
import { notify, releaseHolds } from './view-read';

type ScheduleFunction = Exclude<Schedule, 'sync' | 'frame'>;

/** Listeners waiting for one flush of a schedule; one batch per schedule, shared by every store and view. */
export type NotifyBatch = {
  /** Queues `listener` for the next flush (once, however often it is queued). */
  enqueue(listener: () => void): void;
  /** Takes `listener` out of the next flush. */
  remove(listener: () => void): void;
  /** Notifies now, cancelling the scheduled flush (a custom `cancel` that throws still lets it notify). */
  flushNow(): void;
  /**
   * What a subscription passes as the store's `onPending`: the store holds a response's chunks
   * unapplied and this batch reads it at its flush, which applies them as one update and notifies
   * its subscribers, whose views then hear about it in that same flush. One per store.
   */
  readLater(store: { getState(): unknown }): () => void;
};

function createNotifyBatch(schedule: ScheduleFunction): NotifyBatch {
  const pending = new Set<() => void>();
  const reads = new WeakMap<object, () => void>();
  let cancel: (() => void) | undefined;
  let firing = false;
  // Every waiting listener in one synchronous pass, so a framework batches them into one commit. A
  // store read in the pass queues its subscribers' listeners, which run in the same pass.
  const flush = (): void => {
    cancel = undefined;
    firing = true;
    try {
      // Reads first, then what they queued: two rounds at most (a listener queued by a listener
      // would be a loop; it waits for the next flush).
      for (let round = 0; round < 2 && pending.size > 0; round++) {
        const listeners = [...pending];
        pending.clear();
        // One binding's listener that throws must not cost the others their update.
        for (const listener of listeners) {
          try {
            notify(listener);
          } catch (error) {
            reportListenerError('store view', error);
          }
        }
      }
    } finally {
      firing = false;
    }
    if (pending.size > 0) cancel ??= schedule(fire);
  };
  // The scheduled flush: a held `retrying` has rendered by now, so views read their stores again.
  const fire = (): void => {
    releaseHolds();
    flush();
  };
  const enqueue = (listener: () => void): void => {
    pending.add(listener);
    if (!firing) cancel ??= schedule(fire);
  };
  return {
    enqueue,
    remove: (listener) => pending.delete(listener),
    flushNow: () => {
      try {
        cancel?.();
      } finally {
        flush();
      }
    },
    readLater: (store) => {
      let onPending = reads.get(store);
      if (onPending === undefined) {
        const read = (): void => {
          store.getState();
        };
        onPending = () => enqueue(read);
        reads.set(store, onPending);
      }
      return onPending;
    },
  };
}

/** The batch of the `'frame'` schedule; `'sync'` uses it too, to release a held `retrying`. */
export const frameBatch = createNotifyBatch(scheduleFrame);

const customBatches = new WeakMap<ScheduleFunction, NotifyBatch>();

/** The one batch of `schedule`, made when first asked for. */
export function batchFor(schedule: Schedule | undefined): NotifyBatch {
  if (typeof schedule !== 'function') return frameBatch;
  let batch = customBatches.get(schedule);
  if (batch === undefined) {
    batch = createNotifyBatch(schedule);
    customBatches.set(schedule, batch);
  }
  return batch;
}
