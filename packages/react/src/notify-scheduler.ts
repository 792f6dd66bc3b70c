import { type FieldStore, type FieldStoreState, isTerminalStatus } from '@fieldstream/core';

/**
 * When subscribed components hear about store changes. `'frame'` (default): at most once per
 * animation frame, all together, so React makes one commit per frame. `'sync'`: on every store
 * update. A function: your own scheduler — it receives `flush`, must call it later, and returns a
 * cancel function. Whatever the schedule, a change to `done`, `error` or `aborted` is delivered at
 * once, so the screen never waits a frame to show the end of a response. So is a change to
 * `retrying`, and components keep reading that state until a render has read it (at the latest
 * until the schedule's next flush; a frame for `'sync'`), so a retry renders even when the store
 * has moved on to the retried attempt before React renders.
 */
export type Schedule = 'frame' | 'sync' | ((flush: () => void) => () => void);

/** Listeners waiting for one flush; one batch per schedule, shared by every store and hook. */
class NotifyBatch {
  private readonly pending = new Set<() => void>();
  private cancel: (() => void) | undefined;
  private firing = false;
  /** Per store, the `onPending` its subscriptions share: it queues one read of the store. */
  private readonly reads = new WeakMap<object, () => void>();
  constructor(private readonly schedule: (flush: () => void) => () => void) {}

  enqueue(listener: () => void): void {
    this.pending.add(listener);
    if (!this.firing) this.cancel ??= this.schedule(this.fire);
  }

  /**
   * What a subscription passes as `onPending`: the store holds a response's chunks unapplied and
   * this batch reads it at its flush, which applies them as one update and notifies its
   * subscribers, whose components then hear about it in that same flush.
   */
  readLater(store: { getState(): unknown }): () => void {
    let onPending = this.reads.get(store);
    if (onPending === undefined) {
      const read = (): void => {
        store.getState();
      };
      onPending = () => this.enqueue(read);
      this.reads.set(store, onPending);
    }
    return onPending;
  }

  remove(listener: () => void): void {
    this.pending.delete(listener);
  }

  /** Notifies now, cancelling the scheduled flush (a custom `cancel` that throws still lets it notify). */
  flushNow(): void {
    try {
      this.cancel?.();
    } finally {
      this.flush();
    }
  }

  /** The scheduled flush: React has rendered a held `retrying` by now, so components read the store again. */
  private readonly fire = (): void => {
    held.clear();
    this.flush();
  };

  /**
   * Notifies every waiting listener in one synchronous pass: React batches them into one commit.
   * A store read in the pass queues its subscribers' listeners, which run in the same pass.
   */
  private flush(): void {
    this.cancel = undefined;
    this.firing = true;
    try {
      // Reads first, then what they queued: two rounds at most (a listener queued by a
      // listener would be a loop; it waits for the next flush).
      for (let round = 0; round < 2 && this.pending.size > 0; round++) {
        const listeners = [...this.pending];
        this.pending.clear();
        for (const listener of listeners) notify(listener);
      }
    } finally {
      this.firing = false;
    }
    if (this.pending.size > 0) this.cancel ??= this.schedule(this.fire);
  }
}

/**
 * Per store, the `retrying` state its components read until a render has read it and the store
 * changed again, or until a scheduled flush. React renders a change in a microtask, when the store
 * may have left `retrying` already; a flush comes later than that.
 */
const held = new Map<object, { state: unknown; shown: boolean }>();

/** How many listeners are running: a read then is a listener's check, not a render. */
let notifying = 0;

function notify(listener: () => void): void {
  notifying++;
  try {
    listener();
  } finally {
    notifying--;
  }
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

/** How many `readDuringRender` calls are under way (they nest when a read notifies a reader). */
let rendering = 0;

/**
 * `store.getState()` for a component's render. A read applies the chunks the store holds, and when
 * one of them is malformed the store's error is applied there too: its notification then waits for
 * a microtask, since React must not be told about another component's change during a render.
 * While a `retrying` is held, the read returns it instead.
 */
export function readDuringRender<Data>(store: FieldStore<Data>): FieldStoreState<Data> {
  const hold = held.get(store);
  if (hold !== undefined) {
    if (notifying === 0) hold.shown = true;
    return hold.state as FieldStoreState<Data>;
  }
  rendering++;
  try {
    return store.getState();
  } finally {
    rendering--;
  }
}
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
 * adapter-level coalescing). Off `'sync'`, the store holds a response's chunks until the
 * schedule's flush reads it: one update per flush, not one per chunk. Returns the unsubscribe
 * function.
 */
export function subscribeScheduled<Data>(
  store: FieldStore<Data>,
  schedule: Schedule,
  onChange: () => void,
  path?: string,
): () => void {
  // `'sync'` waits for a frame only after a `retrying` no render has read yet.
  const sync = schedule === 'sync';
  const batch = sync ? frameBatch : batchFor(schedule);
  const listener = (state: FieldStoreState<Data>): void => {
    const retrying = state.status === 'retrying';
    const ended = isTerminalStatus(state.status);
    // The end of a response, or a retry: delivered at once, not at the next flush. Components keep
    // reading a `retrying` state until a render has read it, though the store may have moved on.
    if (retrying) held.set(store, { state, shown: false });
    else if (ended || held.get(store)?.shown) held.delete(store);
    if (!(ended || retrying || (sync && !held.has(store)))) {
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
    if (rendering > 0) queueMicrotask(deliver);
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
