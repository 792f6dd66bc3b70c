import type { DynamicPath, FieldListPattern, FieldStore, ItemPath, ListItem } from '@fieldstream/core';
import { instantListSelection } from '@fieldstream/core/bindings';
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
  { includeRemoved, schedule }: InstantListWatchOptions = {},
): () => void {
  const list = instantListSelection<Data, Pattern>(pattern, includeRemoved);
  return watchFieldStoreAtPath(store, list.path, list.selector, show, { schedule });
}
