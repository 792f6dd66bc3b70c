import type { FieldStore, FieldStoreState } from '@fieldstream/core';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { readDuringRender, type Schedule, subscribeScheduled } from './notify-scheduler';

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

class ErrorSnapshot {
  constructor(readonly error: unknown) {}
}

/**
 * Subscribes to one selection of a field store: the component re-renders only when `equals` says
 * the selection changed. `selector` should be stable (memoised) so the last selection is reused.
 */
export function useFieldStore<Data, Selected>(
  store: FieldStore<Data>,
  selector: (state: FieldStoreState<Data>) => Selected,
  options: SelectorHookOptions<Selected> = {},
): Selected {
  return useStoreSelection(store, selector, options, undefined);
}

/**
 * `useFieldStore` for a selector that reads only `path`, its ancestors and descendants (plus the
 * status, attempt and final data): it hears only about updates that may change them, so an
 * update costs the changed paths' subscribers, not every subscriber's selector.
 */
export function useFieldStoreAtPath<Data, Selected>(
  store: FieldStore<Data>,
  path: string,
  selector: (state: FieldStoreState<Data>) => Selected,
  options: SelectorHookOptions<Selected> = {},
): Selected {
  return useStoreSelection(store, selector, options, path);
}

function useStoreSelection<Data, Selected>(
  store: FieldStore<Data>,
  selector: (state: FieldStoreState<Data>) => Selected,
  options: SelectorHookOptions<Selected>,
  path: string | undefined,
): Selected {
  const { schedule = 'frame', throwOnError = false, equals = Object.is } = options;
  const subscribe = useCallback(
    (onChange: () => void) => subscribeScheduled(store, schedule, onChange, path),
    [store, schedule, path],
  );
  const getSnapshot = useMemo(() => {
    let last: { selected: Selected } | undefined;
    let failed: ErrorSnapshot | undefined;
    return (): Selected | ErrorSnapshot => {
      const state = readDuringRender(store);
      if (throwOnError && state.status === 'error') {
        if (failed === undefined || failed.error !== state.error) failed = new ErrorSnapshot(state.error);
        return failed;
      }
      const selected = selector(state);
      if (last === undefined || !equals(last.selected, selected)) last = { selected };
      return last.selected;
    };
  }, [store, selector, equals, throwOnError]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  if (snapshot instanceof ErrorSnapshot) throw snapshot.error;
  return snapshot;
}
