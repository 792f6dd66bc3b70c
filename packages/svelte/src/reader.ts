import { createStoreView, type FieldStore, type FieldStoreState, type Schedule } from '@fieldstream/core';
import { checkFieldStore } from '@fieldstream/core/bindings';
import { createSubscriber } from 'svelte/reactivity';

/**
 * A reactive value over a field store, read through `current` (as Svelte's own `MediaQuery` and
 * `fromStore` are): in a template, `$derived` or `$effect` it subscribes while something reads it,
 * and whatever reads it runs again only when the value changed. Read anywhere else, it is the
 * store's value now.
 */
export type Reader<Value> = { readonly current: Value };

/** Options every reader takes. */
export type ReaderOptions = {
  /** When readers hear about changes: `'frame'` (default), `'sync'`, or your own scheduler. */
  schedule?: Schedule;
  /** `current` throws the store's error when its status is `error`, for an error boundary (`<svelte:boundary>`). Default `false`. */
  throwOnError?: boolean;
};

/** Options of readers that take a selector. */
export type SelectorReaderOptions<Selected> = ReaderOptions & {
  /** When two selections count as the same (nothing reads again). Default `Object.is`. */
  equals?: (previous: Selected, next: Selected) => boolean;
};

/**
 * One selection of a store as a `Reader`: core's store view schedules, batches and holds a
 * `retrying`; `createSubscriber` ties its subscription to the effects that read `current`. With
 * `path`, it hears only about updates that may change that path. `name` is the reader's, for the
 * `ArgumentError` a non-store gets.
 */
export function storeReader<Data, Selected>(
  name: string,
  store: FieldStore<Data>,
  selector: (state: FieldStoreState<Data>) => Selected,
  { schedule, throwOnError, equals }: SelectorReaderOptions<Selected>,
  path: string | undefined,
): Reader<Selected> {
  checkFieldStore(`${name} store`, store);
  const view = createStoreView(store, { schedule, path });
  const read = view.select(selector, { equals, throwOnError });
  let shown: { value: Selected } | undefined;
  // A notification whose selection is the one last shown wakes nothing (React's snapshot check);
  // a selection that throws (`throwOnError`) wakes its readers, which throw it.
  const changed = (): boolean => {
    try {
      return shown === undefined || !Object.is(read(false), shown.value);
    } catch {
      return true;
    }
  };
  const subscribe = createSubscriber((update) =>
    view.subscribe(() => {
      if (changed()) update();
    }),
  );
  return {
    get current() {
      subscribe();
      const value = read();
      shown = { value };
      return value;
    },
  };
}
