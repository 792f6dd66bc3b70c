import { type FieldState, type FieldStore, fieldSelector } from '@fieldstream/core';
import { useMemo } from 'react';
import { type SelectorHookOptions, useFieldStoreAtPath } from './use-field-store';

/**
 * The live state of one path (`summary`, `items[2].name`): its value so far, whether it is
 * complete and how, whether it is stale after a retry, and how the final data reconciled it.
 * Re-renders only when that path's state changes.
 */
export function useInstantField<Data>(
  store: FieldStore<Data>,
  path: string,
  options?: SelectorHookOptions<FieldState>,
): FieldState {
  const selector = useMemo(() => fieldSelector(path), [path]);
  return useFieldStoreAtPath(store, path, selector, options);
}
