import { createStoreView, type FieldStore, type FieldStoreState, type Schedule } from '@fieldstream/core';
import { checkFieldStore } from '@fieldstream/core/bindings';
import {
  computed,
  getCurrentScope,
  type MaybeRef,
  type MaybeRefOrGetter,
  onScopeDispose,
  type Ref,
  shallowRef,
  toValue,
  unref,
  watch,
} from 'vue';

/** Options every composable takes. */
export type ComposableOptions = {
  /** When the ref hears about changes: `'frame'` (default), `'sync'`, or your own scheduler. */
  schedule?: Schedule;
  /**
   * Reading the ref throws the store's error when its status is `error`, so the render that reads
   * it hands the error to `onErrorCaptured` / `app.config.errorHandler`. Default `false`.
   */
  throwOnError?: boolean;
};

/** Options of composables that take a selector result. */
export type SelectorComposableOptions<Selected> = ComposableOptions & {
  /** When two selections count as the same (the ref keeps its value, nothing re-renders). Default `Object.is`. */
  equals?: (previous: Selected, next: Selected) => boolean;
};

/** A store, or a ref or getter of one (a prop): the composable follows it to the store it holds now. */
export type StoreSource<Data, Input = unknown> = MaybeRefOrGetter<FieldStore<Data, Input>>;

/**
 * A read-only ref of one selection of a field store: it changes only when `equals` says the
 * selection changed, on the schedule. `store` and `options` may be refs or getters, `selector` a
 * ref; a change to any of them subscribes again. `selector` should be stable so the last selection is reused.
 */
export function useFieldStore<Data, Selected>(
  store: StoreSource<Data>,
  selector: MaybeRef<(state: FieldStoreState<Data>) => Selected>,
  options: MaybeRefOrGetter<SelectorComposableOptions<Selected>> = {},
): Readonly<Ref<Selected>> {
  return useStoreSelection('useFieldStore', store, selector, options, () => undefined);
}

type Selection<Selected> = { value: Selected } | { error: unknown };

type InputValues<Data, Selected> = readonly [
  FieldStore<Data>,
  string | undefined,
  (state: FieldStoreState<Data>) => Selected,
  Schedule | undefined,
  ((previous: Selected, next: Selected) => boolean) | undefined,
  boolean | undefined,
];

/**
 * `useFieldStore` for a selector that reads only `path` (plus the status, attempt and final data):
 * the ref hears only about updates that may change it. One core store view per subscription, its
 * `onChange` setting a `shallowRef`; unsubscribed when the calling scope (a component) is disposed.
 * `name` is the composable's, for the error a non-store gets (`useInstantField store must be …`).
 */
export function useStoreSelection<Data, Selected>(
  name: string,
  store: StoreSource<Data>,
  selector: MaybeRef<(state: FieldStoreState<Data>) => Selected>,
  options: MaybeRefOrGetter<SelectorComposableOptions<Selected>>,
  path: MaybeRefOrGetter<string | undefined>,
): Readonly<Ref<Selected>> {
  const inputs = [
    () => toValue(store),
    () => toValue(path),
    // A selector is a function, so a ref of one (never a getter) is how it changes.
    () => unref(selector),
    () => toValue(options).schedule,
    () => toValue(options).equals,
    () => toValue(options).throwOnError,
  ] as const;
  let unsubscribe: (() => void) | undefined;
  // What the listener last read, and the current view's reader (set by the first `follow`, below):
  // the ref's value is read again when a render reads the ref.
  let changed: Ref<Selection<Selected>> | undefined;
  let readSelection!: (render?: boolean) => Selection<Selected>;
  const follow = ([current, at, select, schedule, equals, throwOnError]: InputValues<Data, Selected>): void => {
    checkFieldStore(`${name} store`, current);
    unsubscribe?.();
    unsubscribe = undefined;
    const view = createStoreView(current, { schedule, path: at });
    const read = view.select(select, { equals, throwOnError });
    // A throwing read (the store's error, with throwOnError) is kept and thrown where the ref is
    // read: in a render, whose component's error handling then sees it.
    readSelection = (render) => {
      try {
        return { value: read(render) };
      } catch (error) {
        return { error };
      }
    };
    if (changed === undefined) changed = shallowRef(readSelection(false));
    else changed.value = readSelection(false);
    const target = changed;
    unsubscribe = view.subscribe(() => {
      const next = readSelection(false);
      const last = target.value;
      // The reader returns the same selection while `equals` holds: the ref keeps it, nothing renders.
      if ('value' in next && 'value' in last && Object.is(next.value, last.value)) return;
      target.value = next;
    });
  };
  // The first subscription is made here, so bad input (a non-store, a malformed path) throws from
  // the composable as it does from React's hook. Later changes of a ref or getter subscribe again,
  // synchronously: the ref holds the new store's selection as soon as the store (or path) changes.
  const [store0, path0, selector0, schedule0, equals0, throwOnError0] = inputs;
  follow([store0(), path0(), selector0(), schedule0(), equals0(), throwOnError0()]);
  watch(inputs, follow, { flush: 'sync' });
  if (getCurrentScope() !== undefined) onScopeDispose(() => unsubscribe?.());
  const signal = changed as Ref<Selection<Selected>>;
  // The listener's read is a check; reading the ref is what shows the value, so it reads again as a
  // render: a `retrying` state the layer holds counts as seen then, and the view lets it go once
  // the store moves on. Between a check and the render the reader returns the same selection
  // unless the store changed again, so the computed ref changes (and a component renders) once.
  return computed(() => {
    signal.value;
    const current = readSelection();
    if ('error' in current) throw current.error;
    return current.value;
  });
}
