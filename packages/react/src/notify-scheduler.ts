import { type FieldStore, type FieldStoreState, isTerminalStatus } from '@fieldstream/core';

/**
 * When subscribed components hear about store changes. `'frame'` (default): at most once per
 * animation frame, all together, so React makes one commit per frame. `'sync'`: on every store
 * update. A function: your own scheduler — it receives `flush`, must call it later, and returns a
 * cancel function. Whatever the schedule, a change to `done`, `error` or `aborted` is delivered at
 * once, so the screen never waits a frame to show the end of a response.
 */
export type Schedule = 'frame' | 'sync' | ((flush: () => void) => () => void);

/** Listeners waiting for one flush; one batch per schedule, shared by every store and hook. */
class NotifyBatch {
  private readonly pending = new Set<() => void>();
  private cancel: (() => void) | undefined;

  constructor(private readonly schedule: (flush: () => void) => () => void) {}

  enqueue(listener: () => void): void {
    this.pending.add(listener);
    this.cancel ??= this.schedule(this.fire);
  }

  remove(listener: () => void): void {
    this.pending.delete(listener);
  }

  /** Notifies now, cancelling the scheduled flush. */
  flushNow(): void {
    this.cancel?.();
    this.fire();
  }

  /** Notifies every waiting listener in one synchronous pass: React batches them into one commit. */
  private readonly fire = (): void => {
    this.cancel = undefined;
    const listeners = [...this.pending];
    this.pending.clear();
    for (const listener of listeners) listener();
  };
}

const scheduleFrame = (flush: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => flush());
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(flush, 16);
  return () => clearTimeout(id);
};

const frameBatch = new NotifyBatch(scheduleFrame);
const customBatches = new WeakMap<(flush: () => void) => () => void, NotifyBatch>();

function batchFor(schedule: Exclude<Schedule, 'sync'>): NotifyBatch {
  if (schedule === 'frame') return frameBatch;
  let batch = customBatches.get(schedule);
  if (batch === undefined) {
    batch = new NotifyBatch(schedule);
    customBatches.set(schedule, batch);
  }
  return batch;
}

/**
 * `store.subscribe` — or `store.subscribePath(path)` when `path` is given, to hear only about
 * updates that may change that path — with notifications delivered on `schedule` (the
 * adapter-level coalescing; the core store itself notifies on every update). Returns the
 * unsubscribe function.
 */
export function subscribeScheduled<Data>(
  store: FieldStore<Data>,
  schedule: Schedule,
  onChange: () => void,
  path?: string,
): () => void {
  const listen = (listener: (state: FieldStoreState<Data>) => void): (() => void) =>
    path === undefined ? store.subscribe(listener) : store.subscribePath(path, listener);
  if (schedule === 'sync') return listen(() => onChange());
  const batch = batchFor(schedule);
  const unsubscribe = listen((state) => {
    if (!isTerminalStatus(state.status)) {
      batch.enqueue(onChange);
      return;
    }
    // The end of a response: deliver everything pending, and this change, in this same task.
    batch.remove(onChange);
    batch.flushNow();
    onChange();
  });
  return () => {
    unsubscribe();
    batch.remove(onChange);
  };
}
