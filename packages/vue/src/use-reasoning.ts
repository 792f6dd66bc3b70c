import type { FieldStoreState } from '@fieldstream/core';
import type { MaybeRefOrGetter, Ref } from 'vue';
import { type ComposableOptions, type StoreSource, useStoreSelection } from './use-field-store';

const selectReasoning = (state: FieldStoreState<unknown>): string => state.reasoning;

/** The model's reasoning text so far (the current attempt's `$reasoning`) as a read-only ref; `''` when none. */
export function useReasoning<Data>(
  store: StoreSource<Data>,
  options: MaybeRefOrGetter<ComposableOptions> = {},
): Readonly<Ref<string>> {
  return useStoreSelection('useReasoning', store, selectReasoning, options, () => undefined);
}
