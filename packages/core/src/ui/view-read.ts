/**
 * How a view reads its store while the layer notifies. Three rules meet here:
 *
 * - A `retrying` state is held per store: views read it instead of the store's own state until a
 *   render has read it and the store changed again, or until a scheduled flush. A framework renders
 *   a change later than the store hears it (React in a microtask), when the store may have left
 *   `retrying` already; a scheduled flush comes later than that, so the retry has rendered by then.
 * - A read while a listener runs is that listener's check (React's `useSyncExternalStore` compares
 *   snapshots there), not a render, unless the binding says it is one.
 * - While a view reads the store, the notifications the read causes wait for a microtask: the read
 *   applies the chunks the store holds, which may apply an error, and a framework must not hear
 *   about another component's change during a render.
 */

type Hold = { state: unknown; shown: boolean; generation: number };

/** Holds made since the last scheduled flush count; a flush releases them all by moving on. */
let generation = 0;
/** Weak: a store no view reads now is not kept alive by a `retrying` it was left in. */
const holds = new WeakMap<object, Hold>();

/** The `retrying` state held for `store` and whether a render has read it, if one is held. */
export function heldState(store: object): Hold | undefined {
  const hold = holds.get(store);
  return hold?.generation === generation ? hold : undefined;
}

/** Holds `state` (a `retrying`) for `store`'s views until a render has read it, or `undefined` releases it. */
export function holdState(store: object, state: unknown): void {
  if (state === undefined) holds.delete(store);
  else holds.set(store, { state, shown: false, generation });
}

/** Releases every hold: a scheduled flush, by when the retry has rendered. */
export function releaseHolds(): void {
  generation++;
}

/** How many listeners are running (they nest when a listener's read notifies another). */
export let notifying = 0;

/** How many view reads are under way (they nest when a read notifies a reader). */
export let reading = 0;

/** Calls a view's listener, counted as notifying. */
export function notify(listener: () => void): void {
  notifying++;
  try {
    listener();
  } finally {
    notifying--;
  }
}

/** `store.getState()` for a view, or the state held for it; `render` (default: no listener running) marks a held state read. */
export function readStore<State>(store: { getState(): State }, render = notifying === 0): State {
  const hold = heldState(store);
  if (hold !== undefined) {
    if (render) hold.shown = true;
    return hold.state as State;
  }
  reading++;
  try {
    return store.getState();
  } finally {
    reading--;
  }
}
