import type { DynamicPath, FieldListPattern, ItemPath, ListItem } from '@fieldstream/core';
import { instantListSelection } from '@fieldstream/core/bindings';
import { computed, type MaybeRefOrGetter, type Ref, toValue } from 'vue';
import { type ComposableOptions, type StoreSource, useStoreSelection } from './use-field-store';

export type InstantListOptions = ComposableOptions & {
  /** Also return items the final data dropped, flagged `removed`. Default `false`. */
  includeRemoved?: boolean;
};

/**
 * The items of a streamed list (`items[*]`, `groups[0].tags[*]`) as a read-only ref, with keys that
 * stay the same for each item through retries and reconciliation. The ref changes only when an
 * item appears or goes; render each item with its own component (`useInstantField(store,
 * item.path)`), keyed by `item.key`. On a typed store the pattern must be one of the data's lists,
 * and `item.path` is typed (`` `items[${number}]` ``).
 */
export function useInstantList<Data, Input, Pattern extends FieldListPattern<Data, Input> | DynamicPath>(
  store: StoreSource<Data, Input>,
  pattern: MaybeRefOrGetter<Pattern>,
  options: MaybeRefOrGetter<InstantListOptions> = {},
): Readonly<Ref<readonly ListItem<ItemPath<Pattern>>[]>> {
  // A bad pattern throws its error when the list is first read.
  const list = computed(() => instantListSelection<Data, Pattern>(toValue(pattern), toValue(options).includeRemoved));
  return useStoreSelection(
    'useInstantList',
    store,
    computed(() => list.value.selector),
    options,
    () => list.value.path,
  );
}
