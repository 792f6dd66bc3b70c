import type { DynamicPath, FieldListPattern, FieldStore, ItemPath, ListItem } from '@fieldstream/core';
import { instantListSelection } from '@fieldstream/core/bindings';
import { useMemo } from 'react';
import { type HookOptions, useStoreSelection } from './use-field-store';

export type InstantListOptions = HookOptions & {
  /** Also return items the final data dropped, flagged `removed`. Default `false`. */
  includeRemoved?: boolean;
};

/**
 * The items of a streamed list (`items[*]`, `groups[0].tags[*]`) with keys that stay the same for
 * each item through retries and reconciliation. Re-renders only when an item appears or goes;
 * render each item with its own component (e.g. `useInstantField(store, item.path)`). On a typed
 * store the pattern must be one of the data's lists (streamed or final), and `item.path` is typed
 * (`` `items[${number}]` ``), so `` `${item.path}.name` `` is checked too.
 */
export function useInstantList<Data, Input, Pattern extends FieldListPattern<Data, Input> | DynamicPath>(
  store: FieldStore<Data, Input>,
  pattern: Pattern,
  options: InstantListOptions = {},
): readonly ListItem<ItemPath<Pattern>>[] {
  const includeRemoved = options.includeRemoved ?? false;
  const list = useMemo(() => instantListSelection<Data, Pattern>(pattern, includeRemoved), [pattern, includeRemoved]);
  return useStoreSelection('useInstantList', store, list.selector, options, list.path);
}
