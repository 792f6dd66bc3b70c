import { anthropicMessages, type ModelEvent, openAIChat, openAIResponses } from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalServer } from '../transport/local-server';
import { joined, runModel, serveRecorded } from './provider-harness';

// Recorded streams from public SDK test suites (fixtures/providers/recorded/README.md), replayed
// as server-sent events under several random byte chunkings.
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SEEDS = [1, 7, 42, 1234];

/** Everything but the text and reasoning deltas, with consecutive metas merged. */
function metaOf(events: readonly ModelEvent[]): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const event of events) if (event.type === 'meta') Object.assign(meta, event.meta);
  return meta;
}

describe.each(SEEDS)('recorded streams, chunking seed %i', (seed) => {
  it('Azure OpenAI: id and model come from the first chunk that has them, not the empty first one', async () => {
    server = await serveRecorded('azure-openai-chat-text.chunks.txt', 'chat', seed);
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gpt-4' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('Hello World');
    expect(joined(events, 'reasoning')).toBe('');
    expect(metaOf(events)).toMatchObject({
      provider: 'openAIChat',
      id: 'chatcmpl-test',
      model: 'gpt-4',
      finishReason: 'stop',
      usage: { inputTokens: 15, outputTokens: 5, totalTokens: 20, reasoningTokens: 0 },
    });
  });

  it('OpenAI Chat (gpt-4o, direct): text, then a tool call that adds no text; usage in a last chunk with no choices', async () => {
    server = await serveRecorded('openai-chat-text-then-tool-usage-last.chunks.txt', 'chat', seed);
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gpt-4o' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('PRE_TOOL');
    expect(joined(events, 'reasoning')).toBe('');
    expect(metaOf(events)).toMatchObject({
      id: 'chatcmpl-E6yvi7cuDcHZEHTMxcLDyf3CMKIO2',
      model: 'gpt-4o-2024-08-06',
      finishReason: 'tool_calls',
      usage: { inputTokens: 58, outputTokens: 12, totalTokens: 70, reasoningTokens: 0 },
    });
  });

  it('OpenAI Chat via Azure (gpt-5-nano): text deltas, finish chunk, usage with reasoning tokens in a last chunk with no choices', async () => {
    server = await serveRecorded('azure-openai-chat-gpt5-usage-last.chunks.txt', 'chat', seed);
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gpt-5-nano' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('Capital of Denmark.');
    expect(joined(events, 'reasoning')).toBe('');
    expect(metaOf(events)).toMatchObject({
      id: 'chatcmpl-CYPS1lijGoK8gd9lYzY3r9Sx50nbt',
      model: 'gpt-5-nano-2025-08-07',
      finishReason: 'stop',
      usage: { inputTokens: 15, outputTokens: 78, totalTokens: 93, reasoningTokens: 64 },
    });
  });

  it('DeepSeek: reasoning_content is reasoning; null content adds no text; length finish and reasoning tokens', async () => {
    server = await serveRecorded('deepseek-reasoner-length.chunks.txt', 'chat', seed);
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'deepseek-v4-pro' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'reasoning')).toBe('We need');
    expect(joined(events, 'text')).toBe('');
    expect(metaOf(events)).toMatchObject({
      id: 'd6611601-c1b0-47ba-9dea-b05359fa7e24',
      model: 'deepseek-v4-pro',
      finishReason: 'length',
      usage: { inputTokens: 87, outputTokens: 2, totalTokens: 89, reasoningTokens: 2 },
    });
  });

  it('Mistral: content-part arrays give thinking as reasoning and text parts as the answer', async () => {
    server = await serveRecorded('mistral-thinking-content-parts.chunks.txt', 'chat', seed);
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'mistral-small-latest' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('391');
    expect(joined(events, 'reasoning')).toBe(
      'Okay, the user is asking for the product of 17 and 23. I need to calculate this multiplication. Let me break it down:\n\n' +
        'First, I recall that 17 multiplied by 20 is 340 (since 17 * 20 = 340).\nThen, I need to add 17 multiplied by 3, which is 51 ' +
        '(since 17 * 3 = 51).\nNow, add these two results together: 340 + 51 = 391.\n\nSo, 17 * 23 = 391.',
    );
    expect(metaOf(events)).toMatchObject({
      model: 'mistral-small-latest',
      finishReason: 'stop',
      usage: { inputTokens: 28, outputTokens: 139, totalTokens: 167 },
    });
  });

  it('Anthropic Messages: text deltas, id and model from message_start, usage from message_delta', async () => {
    server = await serveRecorded('anthropic-messages-text.chunks.txt', 'typed', seed);
    const { events, error } = await runModel(
      anthropicMessages({ baseURL: server.url, apiKey: 'k', model: 'claude-sonnet-4-5' }),
    );
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe(
      "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
    );
    expect(metaOf(events)).toMatchObject({ id: 'msg_01QC4g3HwBThD4BaNtBckFDJ', model: 'claude-sonnet-4-5-20250929' });
  });

  it('Anthropic thinking: thinking_delta is reasoning, signature_delta adds nothing, text from the second block', async () => {
    server = await serveRecorded('anthropic-thinking-signature.chunks.txt', 'typed', seed);
    const { events, error } = await runModel(
      anthropicMessages({ baseURL: server.url, apiKey: 'k', model: 'claude-sonnet-5' }),
    );
    expect(error).toBeUndefined();
    expect(joined(events, 'reasoning')).toBe(
      "I'm working through the Euclidean algorithm to find the GCD of 1071 and 462, applying successive division " +
        'until I reach a remainder of zero, which gives me 21 as the greatest common divisor.',
    );
    expect(joined(events, 'text')).toBe(
      '# Finding GCD(1071, 462) Using the Euclidean Algorithm\n\n## Step 1: Divide 1071 by 462\n$$1071 = 2 \\times 462 + 147$$\n' +
        '(since 2 × 462 = 924, and 1071 − 924 = 147)\n\n## Step 2: Divide 462 by 147\n$$462 = 3 \\times 147 + 21$$\n' +
        '(since 3 × 147 = 441, and 462 − 441 = 21)\n\n## Step 3: Divide 147 by 21\n$$147 = 7 \\times 21 + 0$$\n' +
        '(since 7 × 21 = 147, remainder is 0)\n\n## Conclusion\nSince the remainder is now 0, the algorithm stops. ' +
        'The last non-zero remainder is **21**.\n\n$$\\gcd(1071, 462) = 21$$\n\n**Verification:** \n- 1071 = 21 × 51 ✓\n- 462 = 21 × 22 ✓',
    );
    expect(metaOf(events)).toMatchObject({
      id: 'msg_011CdZqGg4K3tq97K7RDtTw7',
      model: 'claude-sonnet-5',
      finishReason: 'end_turn',
      usage: { inputTokens: 47, outputTokens: 373, totalTokens: 420, reasoningTokens: 62 },
    });
  });

  it('Anthropic JSON tool: input_json_delta is tool input, not answer text; tool_use stop reason and usage', async () => {
    server = await serveRecorded('anthropic-json-tool-input-delta.chunks.txt', 'typed', seed);
    const { events, error } = await runModel(
      anthropicMessages({ baseURL: server.url, apiKey: 'k', model: 'claude-haiku-4-5' }),
    );
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('');
    expect(joined(events, 'reasoning')).toBe('');
    expect(metaOf(events)).toMatchObject({
      id: 'msg_01K2JbSUMYhez5RHoK9ZCj9U',
      model: 'claude-haiku-4-5-20251001',
      finishReason: 'tool_use',
      usage: { inputTokens: 849, outputTokens: 47, totalTokens: 896 },
    });
  });

  it('Groq: usage read from x_groq.usage (and usage) on the finish chunk; tool-call deltas add no text', async () => {
    server = await serveRecorded('groq-json-tool-call-x-groq-usage.chunks.txt', 'chat', seed);
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gemma2-9b-it' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('');
    expect(joined(events, 'reasoning')).toBe('');
    expect(metaOf(events)).toMatchObject({
      id: 'chatcmpl-b610d559-f156-4aca-8827-24b4fe6af54f',
      model: 'gemma2-9b-it',
      finishReason: 'tool_calls',
      usage: { inputTokens: 45, outputTokens: 20, totalTokens: 65 },
    });
  });

  it('OpenRouter (gpt-oss-120b): null and empty reasoning add nothing; a usage chunk after the finish chunk keeps finishReason', async () => {
    server = await serveRecorded('openrouter-gpt-oss-reasoning-fields.chunks.txt', 'chat', seed);
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'openai/gpt-oss-120b:free' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('There are **47** files.');
    expect(joined(events, 'reasoning')).toBe('');
    expect(events.filter((event) => event.type === 'reasoning')).toEqual([]);
    expect(metaOf(events)).toMatchObject({
      id: 'gen-1768896871-9HgAQqS1Z72C6gApaidi',
      model: 'openai/gpt-oss-120b:free',
      finishReason: 'stop',
      usage: { inputTokens: 7007, outputTokens: 49, totalTokens: 7056 },
    });
  });

  it('xAI (grok-3-mini): reasoning_content, then text; usage in a last chunk with no choices', async () => {
    server = await serveRecorded('xai-grok-reasoning.chunks.txt', 'chat', seed);
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'grok-3-mini' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'reasoning')).toBe('First, the user said');
    expect(joined(events, 'text')).toBe('Hello');
    expect(metaOf(events)).toMatchObject({
      id: '7327b9f5-1c2f-0a15-3fef-c14a71c460d3',
      model: 'grok-3-mini',
      finishReason: 'stop',
      usage: { inputTokens: 12, outputTokens: 1, totalTokens: 303, reasoningTokens: 290 },
    });
  });

  it('OpenAI Responses: output_text deltas, id and model, usage from response.completed', async () => {
    server = await serveRecorded('openai-responses-text.chunks.txt', 'typed', seed);
    const { events, error } = await runModel(openAIResponses({ baseURL: server.url, model: 'gpt-4o-mini' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('OK');
    expect(metaOf(events)).toMatchObject({ id: 'resp_sanitized_streaming', model: 'gpt-4o-mini-2024-07-18' });
  });
});
