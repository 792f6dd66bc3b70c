import {
  type DynamicPath,
  type FieldPath,
  type FieldState,
  type FieldStore,
  type FieldStoreState,
  type FieldValue,
  fieldSelector,
} from '@fieldstream/core';
import { type Reader, type SelectorReaderOptions, storeReader } from './reader.js';

/**
 * The live state of one path (`summary`, `items[2].name`), React's `useInstantField`: its value so
 * far, whether it is complete and how, whether it is stale after a retry, and how the final data
 * reconciled it. `current` changes only when that path's state changes. On a typed store the path
 * must be one of the data's paths (a typo does not compile) and `value` has the type of what is
 * there; a path computed at run time goes through as `path as DynamicPath`. For a store or path
 * that changes, make the reader in a `$derived`: `const field = $derived(instantField(store, path))`.
 */
export function instantField<Data, Input, P extends FieldPath<Data, Input> | DynamicPath>(
  store: FieldStore<Data, Input>,
  path: P,
  options: SelectorReaderOptions<FieldState<FieldValue<Data, Input, P>>> = {},
): Reader<FieldState<FieldValue<Data, Input, P>>> {
  // The store holds untyped trees; the path's type is what the schema says is there.
  const selector = fieldSelector(path) as (state: FieldStoreState<Data>) => FieldState<FieldValue<Data, Input, P>>;
  return storeReader('instantField', store, selector, options, path);
}
