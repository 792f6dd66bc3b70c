import { createFieldStore, type FieldStore, type FieldStoreOptions, type ResponseSource } from '@fieldstream/core';
import {
  dropTicket,
  keptTicket,
  type ResponseRun,
  type ResumableAnswer,
  type ResumeAfterReload,
  type SourceData,
  type SourceInput,
  startResponseRun,
} from '@fieldstream/core/bindings';
import type { AnswerTicket } from '@fieldstream/core/patch-stream';
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
  let running: ResponseRun<Data> | undefined;

  const stop = (leaving: boolean): void => {
    const run = running;
    running = undefined;
    run?.stop(leaving);
  };
  const run = (attach: AnswerTicket | undefined, args: unknown[]): FieldStore<Data> => {
    stop(attach !== undefined);
    const create = start as (signal: AbortSignal, ...rest: unknown[]) => Source;
    const next = startResponseRun<Data>(
      (signal, resumable) => (resumable === undefined ? create(signal, ...args) : create(signal, resumable, ...args)),
      { store: options, resume: options.resume, attach },
    );
    running = next;
    store.value = next.store;
    response.value = next.response as Source;
    return next.store;
  };

  // A mount may attach to a kept ticket; a later `startKey` starts afresh.
  const mount = (): void => {
    const kept = options.resume === undefined ? undefined : keptTicket(options.resume);
    if (kept !== undefined || toValue(options.startKey) !== undefined) run(kept, []);
    watch(
      () => toValue(options.startKey),
      (startKey) => {
        stop(true);
        if (startKey !== undefined) run(undefined, []);
        else if (options.resume !== undefined) dropTicket(options.resume);
      },
    );
  };
  if (getCurrentInstance() === null) mount();
  else onMounted(mount);
  if (getCurrentScope() !== undefined) onScopeDispose(() => stop(true));

  return {
    store: store as ResponseHandle<Source, Data, Args>['store'],
    response: response as ResponseHandle<Source, Data, Args>['response'],
    start: (...args: Args) => run(undefined, args) as FieldStore<Data, SourceInput<Source>>,
    abort: () => stop(false),
  };
}
