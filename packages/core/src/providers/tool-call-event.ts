import type { ModelEvent } from './model';

/** A `tool_call` fragment; an empty or missing id or name is left out (it came with another fragment). */
export function toolCallEvent(
  key: number,
  id: string | undefined,
  name: string | undefined,
  delta: string,
): ModelEvent {
  const event: ModelEvent = { type: 'tool_call', key, delta };
  if (id) event.id = id;
  if (name) event.name = name;
  return event;
}
