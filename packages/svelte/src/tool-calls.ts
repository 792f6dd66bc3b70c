import { type FieldStore, selectToolCalls, type ToolCallState } from '@fieldstream/core';
import { type Reader, type ReaderOptions, storeReader } from './reader.js';

/**
 * The model's tool calls in the current attempt as they stream (React's `useToolCalls`): per call
 * its index, id, name, the arguments so far and whether it is complete. Read one argument with
 * `instantField(store, '$tools[0].arguments.query' as DynamicPath)`. Fieldstream never executes a tool.
 */
export function toolCalls<Data>(
  store: FieldStore<Data>,
  options: ReaderOptions = {},
): Reader<readonly ToolCallState[]> {
  return storeReader('toolCalls', store, selectToolCalls, options, undefined);
}
