import { asNumber, asRecord, asString, field, type JsonRecord } from './json-fields';
import type { ModelEvent } from './model';
import { toolCallEvent } from './tool-call-event';

// Reading one Chat Completions chunk the way the OpenAI-compatible servers really send it.

/**
 * The choice that carries the answer: the one with `index` 0 (a missing index counts as 0). With
 * `n > 1` a chunk may hold only another choice (index 1, 2, …); that chunk has no answer part.
 */
export function answerChoice(chunk: JsonRecord): JsonRecord | undefined {
  const choices = chunk.choices;
  if (!Array.isArray(choices)) return undefined;
  for (const choice of choices) {
    const record = asRecord(choice);
    if (record !== undefined && (record.index ?? 0) === 0) return record;
  }
  return undefined;
}

/** Text and reasoning of one delta. */
export type DeltaParts = { text: string; reasoning: string };

/**
 * A delta's answer text and reasoning. `content` is a string, or (Mistral's reasoning models) an
 * array of typed parts: `{ type: 'text', text }` is answer text, `{ type: 'thinking', thinking }`
 * reasoning (`thinking` a string or an array of text parts). Reasoning also comes as
 * `reasoning_content` (DeepSeek, xAI, Qwen…) or `reasoning` (OpenRouter, Groq, vLLM).
 */
export function deltaParts(delta: JsonRecord | undefined): DeltaParts {
  const parts: DeltaParts = {
    text: '',
    reasoning: asString(delta?.reasoning_content) ?? asString(delta?.reasoning) ?? '',
  };
  const content = delta?.content;
  if (typeof content === 'string') parts.text = content;
  else if (Array.isArray(content)) {
    for (const part of content) {
      const record = asRecord(part);
      if (record?.type === 'text') parts.text += asString(record.text) ?? '';
      else if (record?.type === 'thinking') parts.reasoning += textOf(record.thinking);
    }
  }
  return parts;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  let text = '';
  for (const part of value) text += asString(asRecord(part)?.text) ?? '';
  return text;
}

/** Usage wherever the servers put it: `usage` (OpenAI, xAI, DeepSeek, Gemini) or `x_groq.usage` (Groq). */
export function chunkUsage(chunk: JsonRecord): JsonRecord | undefined {
  return asRecord(chunk.usage) ?? asRecord(field(chunk, 'x_groq', 'usage'));
}

/**
 * A delta's tool-call fragments (`delta.tool_calls[]`): parallel calls told apart by `index` (Groq's
 * first fragment has none: its position in the list), `id` and `function.name` on a call's first
 * fragment, `function.arguments` in pieces.
 */
export function toolCallFragments(delta: JsonRecord | undefined): ModelEvent[] {
  const calls = delta?.tool_calls;
  if (!Array.isArray(calls)) return [];
  const events: ModelEvent[] = [];
  calls.forEach((entry: unknown, position) => {
    const call = asRecord(entry);
    if (call === undefined) return;
    const name = asString(field(call, 'function', 'name'));
    const args = asString(field(call, 'function', 'arguments')) ?? '';
    events.push(toolCallEvent(asNumber(call.index) ?? position, asString(call.id), name, args));
  });
  return events;
}
