import {
  type DynamicPath,
  type FieldPath,
  type FieldState,
  type FieldStore,
  type FieldStoreState,
  type FieldValue,
  fieldSelector,
} from '@fieldstream/core';
import { type SelectorWatchOptions, watchFieldStoreAtPath } from './watch-field-store';

/**
 * Calls `show` with the live state of one path (`summary`, `items[2].name`) now and whenever it
 * changes: its value so far, whether it is complete and how, whether it is stale after a retry,
 * how the final data reconciled it (React's `useInstantField`). Only updates that may change that
 * path reach it. On a typed store the path must be one of the data's paths; a path computed at run
 * time goes through as `path as DynamicPath`. A malformed path throws `PathSyntaxError`. Returns
 * the unsubscribe function.
 */
export function watchInstantField<Data, Input, P extends FieldPath<Data, Input> | DynamicPath>(
  store: FieldStore<Data, Input>,
  path: P,
  show: (field: FieldState<FieldValue<Data, Input, P>>) => void,
  options?: SelectorWatchOptions<FieldState<FieldValue<Data, Input, P>>>,
): () => void {
  // The store holds untyped trees; the path's type is what the schema says is there.
  const selector = fieldSelector(path) as (state: FieldStoreState<Data>) => FieldState<FieldValue<Data, Input, P>>;
  return watchFieldStoreAtPath(store, path, selector, show, options);
}
