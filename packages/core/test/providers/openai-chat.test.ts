import { AbortError, type ModelEvent, openAIChat, ProviderError, TransportError } from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, reply, startServer } from '../transport/local-server';
import {
  ANSWER,
  ANSWER_PARTS,
  baseRequest,
  fixtureData,
  joined,
  readFixture,
  runModel,
  serveFixture,
} from './provider-harness';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const text = (delta: string): ModelEvent => ({ type: 'text', delta });

describe('openAIChat over a local HTTP server', () => {
  it('streams text, meta and usage from a recorded-shape stream and POSTs the request', async () => {
    server = await serveFixture('openai-chat-stream.txt');
    const model = openAIChat({ baseURL: `${server.url}/v1/`, apiKey: 'sk-test', model: 'gpt-4o', body: { seed: 3 } });
    const { events, error } = await runModel(model);
    expect(error).toBeUndefined();
    expect(events).toEqual([
      {
        type: 'meta',
        meta: { provider: 'openAIChat', id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG', model: 'gpt-4o-2024-08-06' },
      },
      ...ANSWER_PARTS.map(text),
      { type: 'meta', meta: { finishReason: 'stop' } },
      {
        type: 'meta',
        meta: {
          usage: { inputTokens: 57, outputTokens: 23, totalTokens: 80, reasoningTokens: 0 },
          rawUsage: JSON.parse(fixtureData('openai-chat-stream.txt').at(-2) ?? '').usage,
        },
      },
    ]);
    expect(joined(events, 'text')).toBe(ANSWER);
    const seen = server.requests[0];
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/v1/chat/completions');
    expect(seen?.headers.authorization).toBe('Bearer sk-test');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers.accept).toBe('text/event-stream');
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      model: 'gpt-4o',
      seed: 3,
      temperature: 0,
      messages: [
        { role: 'system', content: 'Answer in JSON.' },
        { role: 'user', content: 'Summarise the incident.' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('gives the same events for every chunking of the stream', async () => {
    const runs: ModelEvent[][] = [];
    for (const seed of [1, 2, 3, 4]) {
      server = await serveFixture('openai-chat-reasoning.txt', { seed });
      runs.push((await runModel(openAIChat({ baseURL: server.url, model: 'deepseek-reasoner' }))).events);
      await server.close();
      server = undefined;
    }
    for (const run of runs) expect(run).toEqual(runs[0]);
  });

  it('reads reasoning_content as reasoning, before the answer, with reasoning token usage', async () => {
    server = await serveFixture('openai-chat-reasoning.txt');
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'deepseek-reasoner' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'reasoning')).toBe('The disk is full, so writes stop.');
    expect(joined(events, 'text')).toBe(ANSWER);
    const lastReasoning = events.findLastIndex((e) => e.type === 'reasoning');
    expect(lastReasoning).toBeLessThan(events.findIndex((e) => e.type === 'text'));
    expect(events.at(-2)).toEqual({ type: 'meta', meta: { finishReason: 'stop' } });
    expect(events.at(-1)).toMatchObject({
      type: 'meta',
      meta: { usage: { inputTokens: 40, outputTokens: 60, totalTokens: 100, reasoningTokens: 35 } },
    });
  });

  it('accepts `delta.reasoning` (OpenRouter / vLLM spelling) as reasoning', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        'data: {"choices":[{"delta":{"reasoning":"think"}}]}\n\ndata: {"choices":[{"delta":{"content":"ok"}}]}\n\ndata: [DONE]\n\n',
      );
    });
    const { events } = await runModel(openAIChat({ baseURL: server.url, model: 'm', includeUsage: false }));
    expect(events).toEqual([
      { type: 'meta', meta: { provider: 'openAIChat' } },
      { type: 'reasoning', delta: 'think' },
      text('ok'),
    ]);
    expect(JSON.parse(server.requests[0]?.body ?? '').stream_options).toBeUndefined();
  });

  it('maps a json_schema response format to response_format', async () => {
    server = await serveFixture('openai-chat-stream.txt');
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    await runModel(openAIChat({ baseURL: server.url, model: 'gpt-4o' }), {
      responseFormat: { type: 'json_schema', name: 'incident', schema, strict: true },
    });
    expect(JSON.parse(server.requests[0]?.body ?? '').response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'incident', schema, strict: true },
    });
  });

  it('an error object mid-stream → ProviderError with the provider code and the raw event', async () => {
    server = await serveFixture('openai-chat-error.txt');
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gpt-4o' }));
    expect(joined(events, 'text')).toBe(ANSWER_PARTS[0]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      provider: 'openAIChat',
      providerCode: 'server_error',
      code: 'PROVIDER_ERROR',
      rawText: fixtureData('openai-chat-error.txt').at(-1),
    });
  });

  it('HTTP 429 → TransportError with status and body, sent once', async () => {
    const body = '{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}';
    server = await startServer((_req, res) => reply(res, 429, 'application/json', body));
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gpt-4o' }));
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 429, body });
    expect(server.requests).toHaveLength(1);
  });

  it('a stream that ends before [DONE] → TransportError status 0, never a truncated success', async () => {
    const full = readFixture('openai-chat-stream.txt');
    server = await serveFixture('openai-chat-stream.txt', { truncateAt: full.indexOf('data: [DONE]') });
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gpt-4o' }));
    expect(joined(events, 'text')).toBe(ANSWER);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
  });

  it('a dropped connection → TransportError status 0', async () => {
    const full = readFixture('openai-chat-stream.txt');
    server = await serveFixture('openai-chat-stream.txt', { truncateAt: Math.floor(full.length / 2), drop: true });
    const { error } = await runModel(openAIChat({ baseURL: server.url, model: 'gpt-4o' }));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
  });

  it('abort mid-stream → AbortError, and the server sees the connection close', async () => {
    server = await serveFixture('openai-chat-stream.txt', { truncateAt: 900, hold: true });
    const controller = new AbortController();
    const model = openAIChat({ baseURL: server.url, model: 'gpt-4o' });
    const events: ModelEvent[] = [];
    const run = (async () => {
      for await (const event of model(baseRequest, { signal: controller.signal })) {
        events.push(event);
        if (event.type === 'text') controller.abort();
      }
    })();
    await expect(run).rejects.toBeInstanceOf(AbortError);
    expect(events.filter((e) => e.type === 'text')).toHaveLength(1);
    await server.requests[0]?.closed;
    expect(server.requests[0]?.clientAborted()).toBe(true);
  });

  it('a non-JSON data line → ProviderError invalid_event keeping the raw line', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"choices":[{"delta":{"content":"a"}}]}\n\ndata: <html>oops\n\n');
    });
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'm' }));
    expect(joined(events, 'text')).toBe('a');
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ providerCode: 'invalid_event', rawText: '<html>oops' });
  });
});
