import { selectToolCalls, type ToolCallState } from '@fieldstream/core';
import type { MaybeRefOrGetter, Ref } from 'vue';
import { type ComposableOptions, type StoreSource, useStoreSelection } from './use-field-store';

/**
 * The model's tool calls in the current attempt as they stream, as a read-only ref: per call its
 * index, id, name, the arguments so far and whether it is complete. Changes when a call changes;
 * read one argument with `useInstantField(store, '$tools[0].arguments.query' as DynamicPath)`.
 * Fieldstream never executes a tool.
 */
export function useToolCalls<Data>(
  store: StoreSource<Data>,
  options: MaybeRefOrGetter<ComposableOptions> = {},
): Readonly<Ref<readonly ToolCallState[]>> {
  return useStoreSelection('useToolCalls', store, selectToolCalls, options, () => undefined);
}
