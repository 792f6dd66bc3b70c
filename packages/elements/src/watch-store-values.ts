import { type FieldStore, type FieldStoreState, selectToolCalls, type ToolCallState } from '@fieldstream/core';
import { type WatchOptions, watchFieldStore } from './watch-field-store';

const selectFinal = <Data>(state: FieldStoreState<Data>): Data | undefined => state.final;
const selectReasoning = (state: FieldStoreState<unknown>): string => state.reasoning;

/** Calls `show` with the validated final data (`undefined` until it arrives), now and when it changes (React's `useFinalData`). */
export function watchFinalData<Data>(
  store: FieldStore<Data>,
  show: (final: Data | undefined) => void,
  options?: WatchOptions,
): () => void {
  return watchFieldStore(store, selectFinal<Data>, show, options);
}

/** Calls `show` with the model's reasoning text so far (`''` when none), now and as it grows (React's `useReasoning`). */
export function watchReasoning<Data>(
  store: FieldStore<Data>,
  show: (reasoning: string) => void,
  options?: WatchOptions,
): () => void {
  return watchFieldStore(store, selectReasoning, show, options);
}

/**
 * Calls `show` with the model's tool calls in the current attempt as they stream, now and when a
 * call changes (React's `useToolCalls`). Fieldstream never executes a tool.
 */
export function watchToolCalls<Data>(
  store: FieldStore<Data>,
  show: (calls: readonly ToolCallState[]) => void,
  options?: WatchOptions,
): () => void {
  return watchFieldStore(store, selectToolCalls, show, options);
}
