import { createFieldStore, type FieldStore, type FieldStoreOptions, type ResponseSource } from '@fieldstream/core';
import {
  createResponseController,
  type ResponseControllerSettings,
  type ResumableAnswer,
  type ResumeAfterReload,
  type SourceData,
  type SourceInput,
} from '@fieldstream/core/bindings';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type UseResponseOptions = FieldStoreOptions & {
  /**
   * When given, a response starts on mount and again whenever `startKey` changes (`Object.is`),
   * aborting the previous one — e.g. the question being asked. Leave it out (or `undefined`) to
   * start on demand with `start()`. Automatic starts pass no extra arguments.
   */
  startKey?: unknown;
  /**
   * Resume after a reload: keep a resumable answer's ticket (in `sessionStorage` by default) while
   * it runs, and on a mount that finds one attach to that answer instead of starting another.
   * `start` then receives, after the signal, what to spread into `fromPatchStream`'s options
   * (`answer` when attaching, `resume.onAnswer`); an attach passes no other arguments. The ticket
   * goes when the answer ends (done, error, `abort()`), or when `start()` or a new `startKey`
   * starts another; an unmount keeps it. Storing it never restarts anything.
   */
  resume?: ResumeAfterReload;
};

export type ResponseHandle<Source, Data, Args extends unknown[]> = {
  /** The current response's store (an idle, empty store before the first start). */
  store: FieldStore<Data, SourceInput<Source>>;
  /** The current response, as `start` returned it. */
  response: Source | undefined;
  /** Aborts the running response, starts a new one and returns its store. */
  start(...args: Args): FieldStore<Data, SourceInput<Source>>;
  /** Aborts the running response: its signal fires, it reports `aborted` to its store, and the store applies nothing more. */
  abort(): void;
};

/**
 * Starts responses and hands out their stores, typed by the responses' data (`createResponse`
 * with an `output` gives a `FieldStore<Data>`, so `useInstantField` checks paths).
 * `start(signal, ...args)` (with `resume`: `start(signal, resumable, ...args)`) must create a
 * response (any `ResponseSource`) that honours `signal` by reporting `aborted` (as `createResponse`
 * does): the response is its store's only writer, so the store shows the abort the response
 * reports. If it has a `start()` method (as `createResponse`'s lazy responses do), it is called
 * once the store is bound. The running response is aborted on unmount and when a new one starts;
 * under `<StrictMode>` the mount-time double effect aborts the first auto-started response and
 * keeps the second.
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
  const latest = useRef<ResponseControllerSettings>({ start, options });
  useLayoutEffect(() => {
    latest.current = { start, options };
  });
  const [current, setCurrent] = useState<{ store: FieldStore<Data>; response: Source | undefined }>(() => ({
    store: createFieldStore<Data>(undefined, options),
    response: undefined,
  }));
  const [controller] = useState(() =>
    createResponseController<Data>(
      () => latest.current,
      (run) => setCurrent({ store: run.store, response: run.response as Source }),
    ),
  );
  const startResponse = useCallback((...args: Args): FieldStore<Data> => controller.start(args), [controller]);

  // The first run of this effect is a mount (twice under StrictMode, with the same key): it may
  // attach to a kept ticket. A later run is a new `startKey`, which starts afresh. Each run's
  // teardown (and the unmount's) leaves the running response.
  const startKey = options.startKey;
  const mountedWith = useRef<{ key: unknown } | undefined>(undefined);
  useEffect(() => {
    const mounting = mountedWith.current === undefined || Object.is(mountedWith.current.key, startKey);
    mountedWith.current = { key: startKey };
    controller.follow(startKey, mounting);
    return controller.leave;
  }, [startKey, controller]);

  return { store: current.store, response: current.response, start: startResponse, abort: controller.abort };
}
