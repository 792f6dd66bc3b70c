import { readOwn } from '../patch/apply-patch';
import { formatPath } from '../patch/path';
import type { JsonValue } from '../tools/tool-calls';
import type { FieldStoreState } from './field-store-state';
import type { ToolCallState, ToolCalls } from './tool-calls-state';

const lists = new WeakMap<ToolCalls, readonly ToolCallState[]>();

/**
 * The calls of a store's current attempt, as they stream (`useToolCalls` reads this): the same
 * array for as long as no `$tools` patch arrives, so `Object.is` selectors skip unchanged states.
 */
export function selectToolCalls(state: FieldStoreState<unknown>): readonly ToolCallState[] {
  const { toolCalls } = state;
  let list = lists.get(toolCalls);
  if (list === undefined) {
    list = toolCalls.tree.map((call, index) =>
      Object.freeze({
        index,
        id: stringAt(call, 'id'),
        name: stringAt(call, 'name'),
        arguments: readOwn(call, 'arguments') as JsonValue | undefined,
        isComplete: toolCalls.records.get(formatPath([index]))?.isComplete ?? false,
      }),
    );
    lists.set(toolCalls, list);
  }
  return list;
}

function stringAt(call: unknown, key: string): string {
  const value = readOwn(call, key);
  return typeof value === 'string' ? value : '';
}
