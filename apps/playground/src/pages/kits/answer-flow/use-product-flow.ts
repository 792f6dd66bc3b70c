import { createFieldStore, type FieldStore } from '@fieldstream/core';
import type { AnswerDiagnostic, AnswerResult } from '@fieldstream/core/kits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PRODUCTS, type Product, type ProductCopy } from '../../../presets/product-descriptions';
import { kitScenarioId } from '../kit-model';
import { batchFailure, type ItemRequestFailure } from './batch-failure';
import { type ProductFlowApp, type ProductFlowSettings, type ProductStage, productFlow } from './product-flow';

/** The store's data: every item's streamed value under `items.<id>`. */
export type ProductBatch = { items: Record<string, ProductCopy> };

export type FlowRunPhase = 'idle' | 'running' | 'done' | 'error';

export type ProductFlowRun = {
  phase: FlowRunPhase;
  /** One store for the whole batch (an empty one before the first run). */
  store: FieldStore<ProductBatch>;
  results: readonly AnswerResult<Product, ProductCopy>[] | undefined;
  error: Error | undefined;
  /** The batch's failed requests, each with its item. */
  failures: readonly ItemRequestFailure[];
  observations: readonly ProductStage[];
  diagnostics: readonly AnswerDiagnostic[];
  /** `generate` calls made so far. */
  generateCalls: number;
  /** The round each item's latest answer belongs to, from the moment it starts streaming. */
  streamingRound: Readonly<Record<string, number>>;
  settings: ProductFlowSettings | undefined;
  /** The run's scenario prefix; each item's response is logged as `<prefix>-<id>-r<round>`. */
  scenario: string | undefined;
  start(settings: ProductFlowSettings): void;
  abort(): void;
};

type RunState = Omit<ProductFlowRun, 'start' | 'abort'>;

const idle = (): RunState => ({
  phase: 'idle',
  store: createFieldStore<ProductBatch>(),
  results: undefined,
  error: undefined,
  failures: [],
  observations: [],
  diagnostics: [],
  generateCalls: 0,
  streamingRound: {},
  settings: undefined,
  scenario: undefined,
});

/**
 * Runs the product flow over the page's batch: `generate` streams each item into one field store
 * through the run's `sink` (`store.apply`), and once the flow resolves the results become the
 * store's final data, so the fallback's rewrite shows as a reconciled change.
 */
export function useProductFlow(): ProductFlowRun {
  const [state, setState] = useState<RunState>(idle);
  const controller = useRef<AbortController | undefined>(undefined);

  const abort = useCallback((): void => {
    controller.current?.abort();
    controller.current = undefined;
  }, []);
  useEffect(() => abort, [abort]);

  const start = useCallback(
    (settings: ProductFlowSettings): void => {
      abort();
      const current = new AbortController();
      controller.current = current;
      const store = createFieldStore<ProductBatch>();
      // Updates from a run that has been replaced are dropped.
      const update = (change: (previous: RunState) => Partial<RunState>): void => {
        if (controller.current === current) setState((previous) => ({ ...previous, ...change(previous) }));
      };
      const scenario = kitScenarioId('flow');
      setState({ ...idle(), phase: 'running', store, settings, scenario });
      const app: ProductFlowApp = {
        scenario,
        charsPerSecond: settings.charsPerSecond,
        chunkSize: settings.chunkSize,
        generateBudget: settings.generateBudget,
        generateCalls: { count: 0 },
        failures: [],
        latest: new Map(),
        rounds: new Map(),
        onItemStreaming: (itemId, round) =>
          update((previous) => ({
            generateCalls: app.generateCalls.count,
            streamingRound: { ...previous.streamingRound, [itemId]: round },
          })),
      };
      const diagnostics: AnswerDiagnostic[] = [];
      const flow = productFlow(settings, (observation) =>
        update((previous) => ({ observations: [...previous.observations, observation] })),
      );
      flow
        .run(
          {
            inputIds: PRODUCTS.map((product) => product.id),
            items: PRODUCTS.map((product) => ({
              id: product.id,
              inputIds: [product.id],
              sourceStatus: 'ready' as const,
              data: product,
            })),
          },
          {
            app,
            signal: current.signal,
            diagnostics: { record: (diagnostic) => diagnostics.push(diagnostic) },
            sink: (events) => store.apply(events),
          },
        )
        .then(
          (results) => {
            const items = Object.fromEntries(
              results.filter((result) => result.value !== undefined).map((result) => [result.id, result.value]),
            );
            store.dispatch({ type: 'final', attempt: 0, data: { items } });
            // Never `done` when a request failed or no item got a value: the error says which and why.
            const failure = batchFailure(results, app.failures);
            update(() => ({
              phase: failure === undefined ? 'done' : 'error',
              error: failure,
              failures: [...app.failures],
              results,
              diagnostics,
              generateCalls: app.generateCalls.count,
            }));
          },
          (error: unknown) => {
            const failure = error instanceof Error ? error : new Error(String(error));
            if (current.signal.aborted) store.dispatch({ type: 'aborted', attempt: 0 });
            // An aborted run is reported even though it is no longer the current one.
            setState((previous) =>
              previous.store === store
                ? { ...previous, phase: 'error', error: failure, diagnostics, generateCalls: app.generateCalls.count }
                : previous,
            );
          },
        );
    },
    [abort],
  );

  return { ...state, start, abort };
}
