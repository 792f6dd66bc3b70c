import {
  type DynamicPath,
  type FieldPath,
  type FieldState,
  type FieldStoreState,
  type FieldValue,
  fieldSelector,
} from '@fieldstream/core';
import { computed, type MaybeRefOrGetter, type Ref, toValue } from 'vue';
import { type SelectorComposableOptions, type StoreSource, useStoreSelection } from './use-field-store';

/**
 * The live state of one path (`summary`, `items[2].name`) as a read-only ref: its value so far,
 * whether it is complete and how, whether it is stale after a retry, and how the final data
 * reconciled it. The ref changes only when that path's state changes. On a typed store the path
 * must be one of the data's paths (a typo does not compile) and `value` has the type of what is
 * there: the streamed value until the final data's value replaces it. A path computed at run time
 * goes through as `path as DynamicPath`; `path` may be a ref or getter (a prop), re-subscribing
 * when it changes.
 */
export function useInstantField<Data, Input, P extends FieldPath<Data, Input> | DynamicPath>(
  store: StoreSource<Data, Input>,
  path: MaybeRefOrGetter<P>,
  options: MaybeRefOrGetter<SelectorComposableOptions<FieldState<FieldValue<Data, Input, P>>>> = {},
): Readonly<Ref<FieldState<FieldValue<Data, Input, P>>>> {
  // The store holds untyped trees; the path's type is what the schema says is there.
  const selector = computed(
    () => fieldSelector(toValue(path)) as (state: FieldStoreState<Data>) => FieldState<FieldValue<Data, Input, P>>,
  );
  return useStoreSelection('useInstantField', store, selector, options, path);
}
