import { createFieldStore, type FieldStore, type FieldStoreOptions, type ResponseSource } from '@fieldstream/core';
import {
  createResponseController,
  type ResumableAnswer,
  type ResumeAfterReload,
  type SourceData,
  type SourceInput,
} from '@fieldstream/core/bindings';
import {
  getCurrentInstance,
  getCurrentScope,
  type MaybeRefOrGetter,
  onMounted,
  onScopeDispose,
  type ShallowRef,
  shallowRef,
  toValue,
  watch,
} from 'vue';

export type UseResponseOptions = FieldStoreOptions & {
  /**
   * When given, a response starts on mount and again whenever `startKey` changes (`Object.is`),
   * aborting the previous one — e.g. the question being asked. A ref or a getter (`() =>
   * props.question`) is followed. Leave it out (or `undefined`) to start on demand with `start()`.
   * Automatic starts pass no extra arguments.
   */
  startKey?: MaybeRefOrGetter<unknown>;
  /**
   * Resume after a reload: keep a resumable answer's ticket (in `sessionStorage` by default) while
   * it runs, and on a mount that finds one attach to that answer instead of starting another.
   * `start` then receives, after the signal, what to spread into `fromPatchStream`'s options. The
   * ticket goes when the answer ends (done, error, `abort()`), or when `start()` or a new
   * `startKey` starts another; an unmount keeps it.
   */
  resume?: ResumeAfterReload;
};

export type ResponseHandle<Source, Data, Args extends unknown[]> = {
  /** The current response's store, as a ref (an idle, empty store before the first start). */
  readonly store: Readonly<ShallowRef<FieldStore<Data, SourceInput<Source>>>>;
  /** The current response, as `start` returned it, as a ref. */
  readonly response: Readonly<ShallowRef<Source | undefined>>;
  /** Aborts the running response, starts a new one and returns its store. */
  start(...args: Args): FieldStore<Data, SourceInput<Source>>;
  /** Aborts the running response: its signal fires, it reports `aborted` to its store, and the store applies nothing more. */
  abort(): void;
};

/**
 * Starts responses and hands out their stores, typed by the responses' data, as refs (pass
 * `handle.store` to the other composables: they follow it to each new store). `start(signal,
 * ...args)` (with `resume`: `start(signal, resumable, ...args)`) must create a response that
 * honours `signal` by reporting `aborted`. If it has a `start()` method, it is called once the
 * store is bound. With `startKey`, the first response starts when the component mounts (never
 * during a server render); the running response is aborted when the component's scope is
 * disposed and when a new one starts.
 */
export function useResponse<Source extends ResponseSource, Data = SourceData<Source>, Args extends unknown[] = []>(
  start: (signal: AbortSignal, resumable: ResumableAnswer, ...args: Args | []) => Source,
  options: UseResponseOptions & { resume: ResumeAfterReload },
): ResponseHandle<Source, Data, Args>;
export function useResponse<Source extends ResponseSource, Data = SourceData<Source>, Args extends unknown[] = []>(
  start: (signal: AbortSignal, ...args: Args) => Source,
  options?: UseResponseOptions & { resume?: undefined },
): ResponseHandle<Source, Data, Args>;
export function useResponse<Source extends ResponseSource, Data, Args extends unknown[]>(
  start: (signal: AbortSignal, ...args: never[]) => Source,
  options: UseResponseOptions = {},
): ResponseHandle<Source, Data, Args> {
  const store = shallowRef<FieldStore<Data>>(createFieldStore<Data>(undefined, options));
  const response = shallowRef<Source | undefined>(undefined);
  const controller = createResponseController<Data>(
    () => ({ start, options }),
    (run) => {
      store.value = run.store;
      response.value = run.response as Source;
    },
  );

  // A mount may attach to a kept ticket; a later `startKey` starts afresh.
  const mount = (): void => {
    controller.follow(toValue(options.startKey), true);
    watch(
      () => toValue(options.startKey),
      (startKey) => {
        controller.leave();
        controller.follow(startKey, false);
      },
    );
  };
  if (getCurrentInstance() === null) mount();
  else onMounted(mount);
  if (getCurrentScope() !== undefined) onScopeDispose(controller.leave);

  return {
    store: store as ResponseHandle<Source, Data, Args>['store'],
    response: response as ResponseHandle<Source, Data, Args>['response'],
    start: (...args: Args) => controller.start(args) as FieldStore<Data, SourceInput<Source>>,
    abort: controller.abort,
  };
}
