import type { DynamicPath, FieldListPattern, FieldStore, ItemPath, ListItem } from '@fieldstream/core';
import { instantListSelection } from '@fieldstream/core/bindings';
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
  const list = instantListSelection<Data, Pattern>(pattern, options.includeRemoved);
  return storeReader('instantList', store, list.selector, options, list.path);
}
