import type { FieldStore, FieldStoreState } from '@fieldstream/core';
import { type HookOptions, useStoreSelection } from './use-field-store';

const selectFinal = <Data>(state: FieldStoreState<Data>): Data | undefined => state.final;

/** The validated final data, or `undefined` until it arrives. */
export function useFinalData<Data>(store: FieldStore<Data>, options: HookOptions = {}): Data | undefined {
  return useStoreSelection('useFinalData', store, selectFinal<Data>, options);
}
