import type { StreamingData } from '../patch/streaming-data';
import { formatSSE } from './sse-fixtures';

/** What a provider fixture streams. */
export type ProviderFixture = {
  /** Answer text chunks, one provider event each. */
  text: readonly string[];
  /** Reasoning chunks streamed before the answer. */
  reasoning?: readonly string[];
  /** Reported token usage. Default `{ input: 10, output: 20 }`. */
  usage?: { input: number; output: number };
  /** Model name in the events. Default `fixture-model`. */
  model?: string;
};

/** An OpenAI Chat Completions stream body (chunks, a usage chunk, `[DONE]`). */
export function openAIChatFixture(fixture: ProviderFixture): string {
  const model = fixture.model ?? 'fixture-model';
  const usage = fixture.usage ?? { input: 10, output: 20 };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    JSON.stringify({
      id: 'chatcmpl-fixture',
      object: 'chat.completion.chunk',
      created: 1700000000,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
  return formatSSE([
    chunk({ role: 'assistant', content: '' }),
    ...(fixture.reasoning ?? []).map((text) => chunk({ reasoning_content: text })),
    ...fixture.text.map((text) => chunk({ content: text })),
    chunk({}, 'stop'),
    JSON.stringify({
      id: 'chatcmpl-fixture',
      object: 'chat.completion.chunk',
      created: 1700000000,
      model,
      choices: [],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    }),
    '[DONE]',
  ]);
}

/** An OpenAI Responses API stream body (`response.created` … `response.completed`). */
export function openAIResponsesFixture(fixture: ProviderFixture): string {
  const model = fixture.model ?? 'fixture-model';
  const usage = fixture.usage ?? { input: 10, output: 20 };
  const response = { id: 'resp_fixture', object: 'response', model };
  const event = (type: string, fields: Record<string, unknown>) => ({
    event: type,
    data: JSON.stringify({ type, ...fields }),
  });
  return formatSSE([
    event('response.created', { response: { ...response, status: 'in_progress' } }),
    ...(fixture.reasoning ?? []).map((delta) => event('response.reasoning_summary_text.delta', { delta })),
    ...fixture.text.map((delta) => event('response.output_text.delta', { delta })),
    event('response.completed', {
      response: {
        ...response,
        status: 'completed',
        usage: { input_tokens: usage.input, output_tokens: usage.output, total_tokens: usage.input + usage.output },
      },
    }),
  ]);
}

/** An Anthropic Messages stream body (`message_start` … `message_stop`). */
export function anthropicMessagesFixture(fixture: ProviderFixture): string {
  const model = fixture.model ?? 'fixture-model';
  const usage = fixture.usage ?? { input: 10, output: 20 };
  const event = (type: string, fields: Record<string, unknown>) => ({
    event: type,
    data: JSON.stringify({ type, ...fields }),
  });
  const thinking = fixture.reasoning ?? [];
  const textIndex = thinking.length > 0 ? 1 : 0;
  return formatSSE([
    event('message_start', {
      message: {
        id: 'msg_fixture',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    }),
    ...(thinking.length > 0
      ? [
          event('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
          ...thinking.map((text) =>
            event('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: text } }),
          ),
          event('content_block_stop', { index: 0 }),
        ]
      : []),
    event('content_block_start', { index: textIndex, content_block: { type: 'text', text: '' } }),
    ...fixture.text.map((text) =>
      event('content_block_delta', { index: textIndex, delta: { type: 'text_delta', text } }),
    ),
    event('content_block_stop', { index: textIndex }),
    event('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: usage.output },
    }),
    event('message_stop', {}),
  ]);
}

/** An Agently instant stream body: one JSON `StreamingData` per event, then `[DONE]`. */
export function agentlyInstantFixture(events: readonly StreamingData[]): string {
  return formatSSE([...events.map((data) => JSON.stringify(data)), '[DONE]']);
}
