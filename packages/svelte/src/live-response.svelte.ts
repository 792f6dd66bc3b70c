import { createFieldStore, type FieldStore, type FieldStoreOptions, type ResponseSource } from '@fieldstream/core';
import {
  createResponseController,
  type ResumableAnswer,
  type ResumeAfterReload,
  type SourceData,
  type SourceInput,
} from '@fieldstream/core/bindings';
import { untrack } from 'svelte';

export type LiveResponseOptions = FieldStoreOptions & {
  /**
   * A getter of the start key: when given, a response starts on mount and again whenever what it
   * returns changes (`Object.is`), aborting the previous one — e.g. `() => question`. Leave it out
   * (or return `undefined`) to start on demand with `start()`. Automatic starts pass no extra arguments.
   */
  startKey?: () => unknown;
  /**
   * Resume after a reload: keep a resumable answer's ticket (in `sessionStorage` by default) while
   * it runs, and on a mount that finds one attach to that answer instead of starting another.
   * `start` then receives, after the signal, what to spread into `fromPatchStream`'s options.
   * The ticket goes when the answer ends (done, error, `abort()`), or when `start()` or a new
   * start key starts another; leaving the page keeps it.
   */
  resume?: ResumeAfterReload;
};

export type LiveResponse<Source, Data, Args extends unknown[]> = {
  /** The current response's store (an idle, empty store before the first start); reactive. */
  readonly store: FieldStore<Data, SourceInput<Source>>;
  /** The current response, as `start` returned it; reactive. */
  readonly response: Source | undefined;
  /** Aborts the running response, starts a new one and returns its store. */
  start(...args: Args): FieldStore<Data, SourceInput<Source>>;
  /** Aborts the running response: its signal fires, it reports `aborted` to its store, and the store applies nothing more. */
  abort(): void;
};

/**
 * Starts responses and hands out their stores (React's `useResponse`), typed by the responses'
 * data. Call it while a component initialises: the running response is aborted when the component
 * is destroyed and when a new one starts. `start(signal, ...args)` (with `resume`:
 * `start(signal, resumable, ...args)`) must create a response that honours `signal` by reporting
 * `aborted` (as `createResponse` does); a lazy response's `start()` is called once its store is bound.
 */
export function liveResponse<Source extends ResponseSource, Data = SourceData<Source>, Args extends unknown[] = []>(
  start: (signal: AbortSignal, resumable: ResumableAnswer, ...args: Args | []) => Source,
  options: LiveResponseOptions & { resume: ResumeAfterReload },
): LiveResponse<Source, Data, Args>;
export function liveResponse<Source extends ResponseSource, Data = SourceData<Source>, Args extends unknown[] = []>(
  start: (signal: AbortSignal, ...args: Args) => Source,
  options?: LiveResponseOptions & { resume?: undefined },
): LiveResponse<Source, Data, Args>;
export function liveResponse<Source extends ResponseSource, Data, Args extends unknown[]>(
  start: (signal: AbortSignal, ...args: never[]) => Source,
  options: LiveResponseOptions = {},
): LiveResponse<Source, Data, Args> {
  let current = $state.raw<{ store: FieldStore<Data>; response: Source | undefined }>({
    store: createFieldStore<Data>(undefined, options),
    response: undefined,
  });
  const controller = createResponseController<Data>(
    () => ({ start, options }),
    (run) => {
      current = { store: run.store, response: run.response as Source };
    },
  );

  // The first run is the mount: it may attach to a kept ticket. A later run is a new start key,
  // which starts afresh; each run's teardown (and the component's end) leaves the running response.
  let mounted = false;
  $effect(() => {
    const key = options.startKey?.();
    const mounting = !mounted;
    mounted = true;
    untrack(() => controller.follow(key, mounting));
    return controller.leave;
  });

  return {
    get store() {
      return current.store;
    },
    get response() {
      return current.response;
    },
    start: (...args: Args) => controller.start(args),
    abort: controller.abort,
  };
}
