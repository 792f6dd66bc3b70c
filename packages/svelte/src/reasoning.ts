import type { FieldStore, FieldStoreState } from '@fieldstream/core';
import { type Reader, type ReaderOptions, storeReader } from './reader.js';

const selectReasoning = (state: FieldStoreState<unknown>): string => state.reasoning;

/** The model's reasoning text so far (the current attempt's `$reasoning`); `''` when none (React's `useReasoning`). */
export function reasoning<Data>(store: FieldStore<Data>, options: ReaderOptions = {}): Reader<string> {
  return storeReader('reasoning', store, selectReasoning, options, undefined);
}
