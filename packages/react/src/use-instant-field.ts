import {
  type DynamicPath,
  type FieldState,
  type FieldStore,
  type FieldStoreState,
  fieldSelector,
  type Path,
  type PathValue,
} from '@fieldstream/core';
import { useMemo } from 'react';
import { type SelectorHookOptions, useFieldStoreAtPath } from './use-field-store';

/**
 * The live state of one path (`summary`, `items[2].name`): its value so far, whether it is
 * complete and how, whether it is stale after a retry, and how the final data reconciled it.
 * Re-renders only when that path's state changes. On a typed store the path must be one of the
 * data's paths (a typo does not compile) and `value` has the type of the value there; a path
 * computed at run time goes through as `path as DynamicPath` (its value is `unknown`).
 */
export function useInstantField<Data, P extends Path<Data> | DynamicPath>(
  store: FieldStore<Data>,
  path: P,
  options?: SelectorHookOptions<FieldState<PathValue<Data, P>>>,
): FieldState<PathValue<Data, P>> {
  // The store holds untyped trees; the path's type is what the schema says is there.
  const selector = useMemo(
    () => fieldSelector(path) as (state: FieldStoreState<Data>) => FieldState<PathValue<Data, P>>,
    [path],
  );
  return useFieldStoreAtPath(store, path, selector, options);
}
