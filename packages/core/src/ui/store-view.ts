import { checkOptionalString } from '../errors/check-argument';
import type { FieldStore } from '../store/field-store';
import type { FieldStoreState } from '../store/field-store-state';
import { checkFieldStore } from './check-field-store';
import { checkSchedule, type Schedule } from './schedule';
import { subscribeScheduled } from './scheduled-subscription';
import { readStore } from './view-read';

export type StoreViewOptions = {
  /** When the view's listeners hear about changes: `'frame'` (default), `'sync'`, or your own scheduler (`Schedule`). */
  schedule?: Schedule;
  /**
   * Hear only about updates that may change this path (`items[2].name`): a write to it, to an
   * ancestor or a descendant, or a change to the status, attempt, error or final data. Without it,
   * every update.
   */
  path?: string;
};

export type SelectOptions<Selected> = {
  /** When two selections count as the same: the reader then returns the earlier one. Default `Object.is`. */
  equals?: (previous: Selected, next: Selected) => boolean;
  /** The reader throws the store's error when its status is `error` (for an error boundary). Default `false`. */
  throwOnError?: boolean;
};

/**
 * One store as a UI reads it: notifications on a schedule, and reads that show a `retrying` state
 * until a render has seen it. A binding subscribes once per component and reads a selection; the
 * framework-specific part is a few lines:
 *
 * ```ts
 * const view = createStoreView(store, { path: 'summary' });
 * const read = view.select(fieldSelector('summary'));
 * useSyncExternalStore(view.subscribe, read, read); // React
 * const field = shallowRef(read()); // Vue
 * onScopeDispose(view.subscribe(() => (field.value = read())));
 * ```
 */
export type StoreView<Data> = {
  /**
   * Calls `onChange` when the store changed, on the view's schedule (the end of a response and a
   * retry at once). Returns the unsubscribe function, which also cancels a waiting notification.
   */
  subscribe(onChange: () => void): () => void;
  /**
   * A reader of one selection: it returns the same value as long as `equals` says the selection did
   * not change. `selector` should be stable so its last selection is reused.
   */
  select<Selected>(
    selector: (state: FieldStoreState<Data>) => Selected,
    options?: SelectOptions<Selected>,
  ): SelectionReader<Selected>;
};

/**
 * Reads a selection (getSnapshot-style). `render` says whether the binding shows what it reads (a
 * render, or a value it keeps for one), so a held `retrying` counts as seen; `false` is a listener
 * comparing snapshots. Left out, it is `false` while the layer is calling listeners and `true`
 * otherwise, which is what React's `useSyncExternalStore` and Svelte's `createSubscriber` need. A
 * binding that reads in its listener (a Vue ref) keeps a `retrying` until the schedule's next
 * flush, so the render it schedules still shows it. With `throwOnError`, throws the store's error.
 */
export type SelectionReader<Selected> = (render?: boolean) => Selected;

/**
 * A view of `store` for a UI binding (React's hooks are one; see `StoreView`). Views share one
 * batch per schedule: every view on `'frame'` hears about a frame's changes in one pass. Bad
 * arguments throw an `ArgumentError` here, not a `TypeError` later from inside a flush.
 */
export function createStoreView<Data>(store: FieldStore<Data>, options: StoreViewOptions = {}): StoreView<Data> {
  checkFieldStore('createStoreView store', store);
  checkSchedule('createStoreView options.schedule', options.schedule);
  checkOptionalString('createStoreView options.path', options.path);
  function select<Selected>(
    selector: (state: FieldStoreState<Data>) => Selected,
    { equals = Object.is, throwOnError }: SelectOptions<Selected> = {},
  ): SelectionReader<Selected> {
    let last: { selected: Selected } | undefined;
    return (render) => {
      const state = readStore(store, render);
      if (throwOnError && state.status === 'error') throw state.error;
      const selected = selector(state);
      if (last === undefined || !equals(last.selected, selected)) last = { selected };
      return last.selected;
    };
  }
  return { subscribe: (onChange) => subscribeScheduled(store, options.schedule, onChange, options.path), select };
}
