import { createStoreView, type FieldStore, type FieldStoreState, type Schedule } from '@fieldstream/core';
import { checkFieldStore } from '@fieldstream/core/bindings';
import { useMemo, useSyncExternalStore } from 'react';

/** Options every hook takes. */
export type HookOptions = {
  /** When the component hears about changes: `'frame'` (default), `'sync'`, or your own scheduler. */
  schedule?: Schedule;
  /** Throw the store's error during render when its status is `error`, for an error boundary. Default `false`. */
  throwOnError?: boolean;
};

/** Options of hooks that take a selector result. */
export type SelectorHookOptions<Selected> = HookOptions & {
  /** When two selections count as the same (no re-render). Default `Object.is`. Pass a stable function. */
  equals?: (previous: Selected, next: Selected) => boolean;
};

/**
 * Subscribes to one selection of a field store: the component re-renders only when `equals` says
 * the selection changed. `selector` should be stable (memoised) so the last selection is reused.
 */
export function useFieldStore<Data, Selected>(
  store: FieldStore<Data>,
  selector: (state: FieldStoreState<Data>) => Selected,
  options: SelectorHookOptions<Selected> = {},
): Selected {
  return useStoreSelection('useFieldStore', store, selector, options);
}

/**
 * What every hook is: one selection of a field store, checked first (`hook` names the hook in the
 * `ArgumentError` for something that is no store). With `path`, the selector reads only that path,
 * its ancestors and descendants (plus the status, attempt and final data): it hears only about
 * updates that may change them, so an update costs the changed paths' subscribers, not every
 * subscriber's selector. The core's store view schedules and reads; the subscription outlives a
 * change of selector.
 */
export function useStoreSelection<Data, Selected>(
  hook: string,
  store: FieldStore<Data>,
  selector: (state: FieldStoreState<Data>) => Selected,
  { schedule, throwOnError, equals }: SelectorHookOptions<Selected>,
  path?: string,
): Selected {
  checkFieldStore(`${hook} store`, store);
  const view = useMemo(() => createStoreView(store, { schedule, path }), [store, schedule, path]);
  const read = useMemo(() => view.select(selector, { equals, throwOnError }), [view, selector, equals, throwOnError]);
  return useSyncExternalStore(view.subscribe, read, read);
}
