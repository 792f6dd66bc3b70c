import { type FieldStore, formatPath, type ListItem, listSelector, parsePath } from '@fieldstream/core';
import { useMemo } from 'react';
import { type HookOptions, useFieldStoreAtPath } from './use-field-store';

export type InstantListOptions = HookOptions & {
  /** Also return items the final data dropped, flagged `removed`. Default `false`. */
  includeRemoved?: boolean;
};

/**
 * The items of a streamed list (`items[*]`, `groups[0].tags[*]`) with keys that stay the same for
 * each item through retries and reconciliation. Re-renders only when an item appears or goes;
 * render each item with its own component (e.g. `useInstantField(store, item.path)`).
 */
export function useInstantList<Data>(
  store: FieldStore<Data>,
  pattern: string,
  options: InstantListOptions = {},
): readonly ListItem[] {
  const includeRemoved = options.includeRemoved ?? false;
  const selector = useMemo(() => listSelector(pattern, { includeRemoved }), [pattern, includeRemoved]);
  // listSelector validated the pattern (a concrete path + `[*]`): the list is at its parent path.
  const listPath = useMemo(() => formatPath(parsePath(pattern).slice(0, -1)), [pattern]);
  return useFieldStoreAtPath(store, listPath, selector, options);
}
