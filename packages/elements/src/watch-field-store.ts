import { createStoreView, type FieldStore, type FieldStoreState, type Schedule } from '@fieldstream/core';
import { checkFieldStore, checkFunction } from '@fieldstream/core/bindings';
import { cancelDraw, queueDraw } from './draw-queue';

/** Options every reader takes. */
export type WatchOptions = {
  /** When `show` hears about changes: `'frame'` (default), `'sync'`, or your own scheduler. */
  schedule?: Schedule;
};

/** Options of readers that take a selector. */
export type SelectorWatchOptions<Selected> = WatchOptions & {
  /** When two selections count as the same (`show` is not called). Default `Object.is`. */
  equals?: (previous: Selected, next: Selected) => boolean;
};

/** What an element's parts read their store with: the store and the element's schedule. */
export type StoreBinding = { readonly store: FieldStore<unknown>; readonly schedule: Schedule | undefined };

/**
 * Calls `show` with one selection of a field store now, and again whenever the selection changes,
 * on the schedule (React's `useFieldStore` for a page with no framework). `selector` should be
 * stable so its last selection is reused. Returns the unsubscribe function; call it when what
 * shows the selection goes away.
 */
export function watchFieldStore<Data, Selected>(
  store: FieldStore<Data>,
  selector: (state: FieldStoreState<Data>) => Selected,
  show: (selected: Selected) => void,
  options?: SelectorWatchOptions<Selected>,
): () => void {
  return watchFieldStoreAtPath(store, undefined, selector, show, options);
}

/**
 * `watchFieldStore` for a selector that reads only `path` (with its ancestors and descendants, the
 * status and the final data): it hears only about updates that may change them.
 */
export function watchFieldStoreAtPath<Data, Selected>(
  store: FieldStore<Data>,
  path: string | undefined,
  selector: (state: FieldStoreState<Data>) => Selected,
  show: (selected: Selected) => void,
  { schedule, equals }: SelectorWatchOptions<Selected> = {},
): () => void {
  checkFieldStore('watchFieldStore store', store);
  checkFunction('watchFieldStore show', show);
  // The core's store view schedules, flushes a response's end at once and holds a `retrying`;
  // this only calls `show`.
  const view = createStoreView(store, { schedule, path });
  const read = view.select(selector, { equals });
  let shown = read();
  show(shown);
  // The listener only queues the draw: a task's changes draw once, at its end, and that read is
  // a render (a held `retrying` counts as shown), as in a framework.
  const draw = (): void => {
    const next = read();
    if (next === shown) return;
    shown = next;
    show(next);
  };
  const unsubscribe = view.subscribe(() => queueDraw(draw));
  return () => {
    unsubscribe();
    cancelDraw(draw);
  };
}
