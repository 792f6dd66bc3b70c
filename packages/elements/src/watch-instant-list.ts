import {
  type DynamicPath,
  type FieldListPattern,
  type FieldStore,
  type FieldStoreState,
  formatPath,
  type ItemPath,
  type ListItem,
  listSelector,
  parsePath,
} from '@fieldstream/core';
import { type WatchOptions, watchFieldStoreAtPath } from './watch-field-store';

export type InstantListWatchOptions = WatchOptions & {
  /** Also list items the final data dropped, flagged `removed`. Default `false`. */
  includeRemoved?: boolean;
};

/**
 * Calls `show` with the items of a streamed list (`items[*]`, `groups[0].tags[*]`) now and when an
 * item appears or goes, with keys that stay the same for each item through retries and
 * reconciliation (React's `useInstantList`). Show each item with its own `watchInstantField`. A
 * pattern that is no list pattern throws `PathSyntaxError`. Returns the unsubscribe function.
 */
export function watchInstantList<Data, Input, Pattern extends FieldListPattern<Data, Input> | DynamicPath>(
  store: FieldStore<Data, Input>,
  pattern: Pattern,
  show: (items: readonly ListItem<ItemPath<Pattern>>[]) => void,
  { includeRemoved = false, schedule }: InstantListWatchOptions = {},
): () => void {
  // Item paths are the list's path plus `[i]`: what ItemPath says.
  const selector = listSelector(pattern, { includeRemoved }) as (
    state: FieldStoreState<Data>,
  ) => readonly ListItem<ItemPath<Pattern>>[];
  // listSelector validated the pattern (a concrete path + `[*]`): the list is at its parent path.
  const listPath = formatPath(parsePath(pattern).slice(0, -1));
  return watchFieldStoreAtPath(store, listPath, selector, show, { schedule });
}
