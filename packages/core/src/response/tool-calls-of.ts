import type { JsonValue, ToolCall } from '../tools/tool-calls';
import type { ResponseEvent } from './response-events';

const CALL_PATH = /^\$tools\[(0|[1-9][0-9]*)\]$/;

/**
 * The completed calls of the last attempt in a response's events: each call's `done` at
 * `$tools[i]` carries `{ id, name, arguments }`.
 */
export function toolCallsOf(events: readonly ResponseEvent[]): ToolCall[] {
  let attempt = 0;
  let calls: ToolCall[] = [];
  for (const event of events) {
    if (event.attempt > attempt) {
      attempt = event.attempt;
      calls = [];
    }
    if (event.type !== 'patch' || event.data.event_type !== 'done') continue;
    const match = CALL_PATH.exec(event.data.path);
    if (match === null) continue;
    const value = event.data.value as { id?: unknown; name?: unknown; arguments?: unknown } | null;
    if (value === null || typeof value !== 'object') continue;
    calls.push(
      Object.freeze({
        index: Number(match[1]),
        id: typeof value.id === 'string' ? value.id : '',
        name: typeof value.name === 'string' ? value.name : '',
        // The call's `done` (`tool-call-stream.ts`) always holds its parsed arguments, `{}` for none.
        arguments: value.arguments as JsonValue,
      }),
    );
  }
  return calls;
}
