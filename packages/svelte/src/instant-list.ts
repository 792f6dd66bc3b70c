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
import { type Reader, type ReaderOptions, storeReader } from './reader.js';

export type InstantListOptions = ReaderOptions & {
  /** Also return items the final data dropped, flagged `removed`. Default `false`. */
  includeRemoved?: boolean;
};

/**
 * The items of a streamed list (`items[*]`, `groups[0].tags[*]`), React's `useInstantList`, with
 * keys that stay the same for each item through retries and reconciliation: key an `{#each}` by
 * `item.key`. `current` changes only when an item appears or goes; give each item its own reader
 * (`instantField(store, item.path)`). On a typed store the pattern must be one of the data's lists,
 * and `item.path` is typed (`` `items[${number}]` ``).
 */
export function instantList<Data, Input, Pattern extends FieldListPattern<Data, Input> | DynamicPath>(
  store: FieldStore<Data, Input>,
  pattern: Pattern,
  options: InstantListOptions = {},
): Reader<readonly ListItem<ItemPath<Pattern>>[]> {
  // Item paths are the list's path plus `[i]`: what ItemPath says.
  const selector = listSelector(pattern, { includeRemoved: options.includeRemoved ?? false }) as (
    state: FieldStoreState<Data>,
  ) => readonly ListItem<ItemPath<Pattern>>[];
  // listSelector validated the pattern (a concrete path + `[*]`): the list is at its parent path.
  return storeReader('instantList', store, selector, options, formatPath(parsePath(pattern).slice(0, -1)));
}
