import type { FieldStoreState } from '@fieldstream/core';
import type { MaybeRefOrGetter, Ref } from 'vue';
import { type ComposableOptions, type StoreSource, useStoreSelection } from './use-field-store';

const selectFinal = <Data>(state: FieldStoreState<Data>): Data | undefined => state.final;

/** The validated final data as a read-only ref, `undefined` until it arrives. */
export function useFinalData<Data>(
  store: StoreSource<Data>,
  options: MaybeRefOrGetter<ComposableOptions> = {},
): Readonly<Ref<Data | undefined>> {
  return useStoreSelection('useFinalData', store, selectFinal<Data>, options, () => undefined);
}
