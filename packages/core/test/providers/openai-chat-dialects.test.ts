import { type ModelEvent, openAIChat } from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, startServer } from '../transport/local-server';
import { joined, runModel } from './provider-harness';

// Small streams written here (not recordings) in the shapes the providers document, for what the
// recorded corpus does not cover: n > 1 choices, Groq's x_groq.usage, OpenRouter's `reasoning`,
// Gemini's OpenAI-compatible endpoint (usage on every chunk).
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(chunks: readonly object[]): Promise<ModelEvent[]> {
  server = await startServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(`${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`);
  });
  const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'm' }));
  expect(error).toBeUndefined();
  return events;
}

const meta = (events: readonly ModelEvent[]) =>
  Object.assign({}, ...events.filter((e) => e.type === 'meta').map((e) => (e as { meta: object }).meta));

describe('openAIChat dialects', () => {
  it('n > 1: only the choice with index 0 is the answer, whatever the order of the chunks', async () => {
    const choice = (index: number, content: string, finish: string | null = null) => ({
      id: 'c1',
      model: 'gpt-4o',
      choices: [{ index, delta: { content }, finish_reason: finish }],
    });
    const events = await run([
      choice(1, 'B1 '),
      choice(0, 'A1 '),
      choice(2, 'C1 '),
      choice(0, 'A2', 'stop'),
      choice(1, 'B2', 'stop'),
      choice(2, 'C2', 'length'),
    ]);
    expect(joined(events, 'text')).toBe('A1 A2');
    expect(meta(events).finishReason).toBe('stop');
  });

  it('a chunk holding several choices reads index 0 wherever it sits', async () => {
    const events = await run([
      {
        id: 'c2',
        model: 'm',
        choices: [
          { index: 1, delta: { content: 'other' } },
          { index: 0, delta: { content: 'answer' } },
        ],
      },
    ]);
    expect(joined(events, 'text')).toBe('answer');
  });

  it('Groq: usage in x_groq.usage on the last chunk', async () => {
    const events = await run([
      { id: 'g', model: 'llama', choices: [{ index: 0, delta: { content: 'Hi' } }], x_groq: { id: 'req_1' } },
      {
        id: 'g',
        model: 'llama',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        x_groq: { id: 'req_1', usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 } },
      },
    ]);
    expect(meta(events)).toMatchObject({ usage: { inputTokens: 9, outputTokens: 2, totalTokens: 11 } });
  });

  it('OpenRouter: delta.reasoning is reasoning; xAI/Gemini: usage on every chunk, the last one wins', async () => {
    const events = await run([
      {
        id: 'o',
        model: 'x',
        choices: [{ index: 0, delta: { reasoning: 'think' } }],
        usage: { prompt_tokens: 4, completion_tokens: 1, total_tokens: 5 },
      },
      {
        id: 'o',
        model: 'x',
        choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
      },
    ]);
    expect(joined(events, 'reasoning')).toBe('think');
    expect(joined(events, 'text')).toBe('ok');
    expect(meta(events).usage).toEqual({ inputTokens: 4, outputTokens: 3, totalTokens: 7 });
  });

  it('a thinking part given as a plain string is reasoning too', async () => {
    const events = await run([
      { id: 't', model: 'm', choices: [{ index: 0, delta: { content: [{ type: 'thinking', thinking: 'hmm' }] } }] },
      { id: 't', model: 'm', choices: [{ index: 0, delta: { content: [{ type: 'text', text: 'done' }] } }] },
    ]);
    expect(joined(events, 'reasoning')).toBe('hmm');
    expect(joined(events, 'text')).toBe('done');
  });
});
