import { createStreamParser, REASONING_PATH, type StreamingData } from '@fieldstream/core';
import { PROVIDER_MODEL_NAME } from '../src/pages/providers/provider-routes';
import type { AnswerPlan, Preset } from '../src/presets/index';
import type { Wire, WireOutput } from './provider-wires';
/**
 * Agently instant events: the answer runs through core's stream parser here, as a Python Agently
 * service runs its own, and each `StreamingData` goes out in Agently's shape. Events holding a
 * boolean or null are printed the way some services print them, with `str(dict)` (`True`,
 * `None`, single quotes), which the adapter reads back. A plain-text answer has no fields: it
 * goes out as `delta` text events. Then a `meta` event and `data: [DONE]`.
 */
export function agentlyWire(out: WireOutput, plan: AnswerPlan, preset: Preset): Wire {
  const parser =
    plan.format === 'text' ? undefined : createStreamParser({ format: plan.format, output: preset.output });
  const patch = (data: StreamingData): void => out.event(undefined, agentlyEvent(data));
  let reasoning = '';
  let reasoningOpen = false;
  const closeReasoning = (): void => {
    if (reasoningOpen) patch(reasoningData('', reasoning, true));
    reasoningOpen = false;
  };
  return {
    reasoning(delta) {
      reasoning += delta;
      reasoningOpen = true;
      patch(reasoningData(delta, reasoning, false));
    },
    text(delta) {
      closeReasoning();
      if (parser === undefined) out.event('delta', JSON.stringify(delta));
      else for (const data of parser.push(delta)) patch(data);
    },
    finish({ input, output }) {
      closeReasoning();
      for (const data of parser?.finish() ?? []) patch(data);
      const usage = { inputTokens: input, outputTokens: output, totalTokens: input + output };
      out.event('meta', JSON.stringify({ model: PROVIDER_MODEL_NAME, finishReason: 'stop', usage }));
      out.event(undefined, '[DONE]');
      out.end();
    },
    fail(code, message) {
      out.event('error', JSON.stringify({ error: { type: code, message } }));
      out.end();
    },
  };
}

function agentlyEvent(data: StreamingData): string {
  const done = data.event_type === 'done';
  const event: Record<string, unknown> = {
    path: data.path,
    value: data.value,
    delta: done ? null : data.delta,
    is_complete: data.is_complete,
    event_type: data.event_type,
    wildcard_path: data.wildcard_path,
    indexes: data.indexes,
  };
  if (data.completion_source !== undefined) event.completion_source = data.completion_source;
  return typeof data.value === 'boolean' || data.value === null ? pythonRepr(event) : JSON.stringify(event);
}

function reasoningData(delta: string, value: string, done: boolean): StreamingData {
  return {
    path: REASONING_PATH,
    wildcard_path: REASONING_PATH,
    indexes: [],
    delta,
    value,
    is_complete: done,
    event_type: done ? 'done' : 'delta',
    ...(done ? { completion_source: 'observed_boundary' as const } : {}),
  };
}

/** `repr()` of a flat dict: strings, numbers, booleans, None and lists of numbers (`indexes`). */
function pythonRepr(record: Record<string, unknown>): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'None';
    if (typeof value === 'boolean') return value ? 'True' : 'False';
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string') {
      return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`;
    }
    if (Array.isArray(value) && value.every((item) => typeof item === 'number')) return `[${value.join(', ')}]`;
    throw new TypeError(`pythonRepr: unsupported value ${JSON.stringify(value)}`);
  };
  return `{${Object.entries(record)
    .map(([key, value]) => `${literal(key)}: ${literal(value)}`)
    .join(', ')}}`;
}
