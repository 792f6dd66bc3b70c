import { type FieldStore, selectToolCalls, type ToolCallState } from '@fieldstream/core';
import { type HookOptions, useStoreSelection } from './use-field-store';

/**
 * The model's tool calls in the current attempt as they stream: per call its index, id, name, the
 * arguments so far and whether it is complete. Re-renders when a call changes; read one argument
 * with `useInstantField(store, '$tools[0].arguments.query' as DynamicPath)`. Fieldstream never
 * executes a tool.
 */
export function useToolCalls<Data>(store: FieldStore<Data>, options: HookOptions = {}): readonly ToolCallState[] {
  return useStoreSelection('useToolCalls', store, selectToolCalls, options);
}
