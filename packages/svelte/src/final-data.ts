import type { FieldStore, FieldStoreState } from '@fieldstream/core';
import { type Reader, type ReaderOptions, storeReader } from './reader.js';

const selectFinal = <Data>(state: FieldStoreState<Data>): Data | undefined => state.final;

/** The validated final data, or `undefined` until it arrives (React's `useFinalData`). */
export function finalData<Data>(store: FieldStore<Data>, options: ReaderOptions = {}): Reader<Data | undefined> {
  return storeReader('finalData', store, selectFinal<Data>, options, undefined);
}
