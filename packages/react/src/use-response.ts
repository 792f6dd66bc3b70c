import { createFieldStore, type FieldStore, type FieldStoreOptions, type ResponseSource } from '@fieldstream/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type UseResponseOptions = FieldStoreOptions & {
  /**
   * When given, a response starts on mount and again whenever `startKey` changes (`Object.is`),
   * aborting the previous one — e.g. the question being asked. Leave it out (or `undefined`) to
   * start on demand with `start()`. Automatic starts pass no extra arguments.
   */
  startKey?: unknown;
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

/** The data type of a response source: `Data` of a `ModelResponse<Data>`, `unknown` for an untyped source. */
type SourceData<Source> = Source extends ResponseSource<infer Data> ? Data : unknown;

/** What streams from a response source (its schema's input side); `unknown`: the same as its data. */
type SourceInput<Source> = Source extends ResponseSource<unknown, infer Input> ? Input : unknown;

/**
 * Starts responses and hands out their stores, typed by the responses' data (`createResponse`
 * with an `output` gives a `FieldStore<Data>`, so `useInstantField` checks paths).
 * `start(signal, ...args)` must create a response
 * (any `ResponseSource`) that honours `signal` by reporting `aborted` (as `createResponse` does):
 * the response is its store's only writer, so the store shows the abort the response reports. If it has a `start()` method (as `createResponse`'s
 * lazy responses do), it is called once the store is bound. The running response is aborted on unmount and
 * when a new one starts; under `<StrictMode>` the mount-time double effect aborts the first
 * auto-started response and keeps the second.
 */
export function useResponse<Source extends ResponseSource, Data = SourceData<Source>, Args extends unknown[] = []>(
  start: (signal: AbortSignal, ...args: Args) => Source,
  options: UseResponseOptions = {},
): ResponseHandle<Source, Data, Args> {
  const latest = useRef({ start, options });
  useLayoutEffect(() => {
    latest.current = { start, options };
  });
  const running = useRef<{ controller: AbortController; store: FieldStore<Data> } | undefined>(undefined);
  const [current, setCurrent] = useState<{ store: FieldStore<Data>; response: Source | undefined }>(() => ({
    store: createFieldStore<Data>(undefined, options),
    response: undefined,
  }));

  const abort = useCallback((): void => {
    const run = running.current;
    if (run === undefined) return;
    running.current = undefined;
    run.controller.abort();
    // The response reports the abort synchronously; whatever it sends later is not applied.
    run.store.detach();
  }, []);

  const startResponse = useCallback(
    (...args: Args): FieldStore<Data> => {
      abort();
      const controller = new AbortController();
      const response = latest.current.start(controller.signal, ...args);
      const store = createFieldStore<Data>(response, latest.current.options);
      // A lazy response (createResponse's) starts once its store listens.
      if (hasStart(response)) response.start();
      running.current = { controller, store };
      setCurrent({ store, response });
      return store;
    },
    [abort],
  );

  useEffect(() => abort, [abort]);

  const startKey = options.startKey;
  useEffect(() => {
    if (startKey === undefined) return;
    (startResponse as () => FieldStore<Data>)();
    return abort;
  }, [startKey, startResponse, abort]);

  return { store: current.store, response: current.response, start: startResponse, abort };
}

function hasStart(source: ResponseSource): source is ResponseSource & { start(): void } {
  return typeof (source as { start?: unknown }).start === 'function';
}
