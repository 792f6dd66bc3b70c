import type { FieldStore, FieldStoreState } from '@fieldstream/core';
import { type Reader, type SelectorReaderOptions, storeReader } from './reader.js';

/**
 * One selection of a field store (React's `useFieldStore`): `current` changes only when `equals`
 * says the selection changed.
 */
export function fieldStore<Data, Selected>(
  store: FieldStore<Data>,
  selector: (state: FieldStoreState<Data>) => Selected,
  options: SelectorReaderOptions<Selected> = {},
): Reader<Selected> {
  return storeReader('fieldStore', store, selector, options, undefined);
}
