import type { FieldStore, FieldStoreState } from '@fieldstream/core';
import { type HookOptions, useStoreSelection } from './use-field-store';

const selectReasoning = (state: FieldStoreState<unknown>): string => state.reasoning;

/** The model's reasoning text so far (the current attempt's `$reasoning`); `''` when none. */
export function useReasoning<Data>(store: FieldStore<Data>, options: HookOptions = {}): string {
  return useStoreSelection('useReasoning', store, selectReasoning, options);
}
