import {
  type DynamicPath,
  type FieldPath,
  type FieldState,
  type FieldStore,
  type FieldStoreState,
  type FieldValue,
  fieldSelector,
} from '@fieldstream/core';
import { useMemo } from 'react';
import { type SelectorHookOptions, useStoreSelection } from './use-field-store';

/**
 * The live state of one path (`summary`, `items[2].name`): its value so far, whether it is
 * complete and how, whether it is stale after a retry, and how the final data reconciled it.
 * Re-renders only when that path's state changes. On a typed store the path must be one of the
 * data's paths (a typo does not compile) and `value` has the type of what is there: the streamed
 * value (`Streamed` of the store's `Input`, what the model writes, before a schema's transforms)
 * until the final data's value replaces it. A path computed at run time goes through as
 * `path as DynamicPath` (its value is `unknown`).
 */
export function useInstantField<Data, Input, P extends FieldPath<Data, Input> | DynamicPath>(
  store: FieldStore<Data, Input>,
  path: P,
  options?: SelectorHookOptions<FieldState<FieldValue<Data, Input, P>>>,
): FieldState<FieldValue<Data, Input, P>> {
  // The store holds untyped trees; the path's type is what the schema says is there.
  const selector = useMemo(
    () => fieldSelector(path) as (state: FieldStoreState<Data>) => FieldState<FieldValue<Data, Input, P>>,
    [path],
  );
  return useStoreSelection('useInstantField', store, selector, options ?? {}, path);
}
