import { type ModelEvent, openAIResponses, ProviderError, TransportError } from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, startServer } from '../transport/local-server';
import { ANSWER_PARTS, fixtureData, readFixture, runModel, serveFixture } from './provider-harness';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('openAIResponses over a local HTTP server', () => {
  it('streams reasoning summary, text and usage from a recorded-shape stream', async () => {
    server = await serveFixture('openai-responses-stream.txt');
    const model = openAIResponses({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', model: 'o4-mini' });
    const { events, error } = await runModel(model);
    expect(error).toBeUndefined();
    const completed = JSON.parse(fixtureData('openai-responses-stream.txt').at(-1) ?? '');
    expect(events).toEqual([
      {
        type: 'meta',
        meta: {
          provider: 'openAIResponses',
          id: 'resp_67c9fdcecf488190bdd9a0409de3a1ec07b8b0ad4e5eb654',
          model: 'o4-mini-2025-04-16',
        },
      },
      { type: 'reasoning', delta: '**Checking disk** ' },
      { type: 'reasoning', delta: 'The disk is full.' },
      ...ANSWER_PARTS.map((delta): ModelEvent => ({ type: 'text', delta })),
      {
        type: 'meta',
        meta: {
          id: 'resp_67c9fdcecf488190bdd9a0409de3a1ec07b8b0ad4e5eb654',
          model: 'o4-mini-2025-04-16',
          finishReason: 'completed',
          usage: { inputTokens: 60, outputTokens: 150, totalTokens: 210, reasoningTokens: 128 },
          rawUsage: completed.response.usage,
        },
      },
    ]);
    const seen = server.requests[0];
    expect(seen?.url).toBe('/v1/responses');
    expect(seen?.headers.authorization).toBe('Bearer sk-test');
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      model: 'o4-mini',
      temperature: 0,
      input: [
        { role: 'system', content: 'Answer in JSON.' },
        { role: 'user', content: 'Summarise the incident.' },
      ],
      stream: true,
    });
  });

  it('maps response formats to text.format', async () => {
    server = await serveFixture('openai-responses-stream.txt');
    const model = openAIResponses({ baseURL: server.url, model: 'o4-mini' });
    await runModel(model, { responseFormat: { type: 'json_object' } });
    const schema = { type: 'object' };
    await runModel(model, { responseFormat: { type: 'json_schema', name: 'x', schema, strict: false } });
    expect(JSON.parse(server.requests[0]?.body ?? '').text).toEqual({ format: { type: 'json_object' } });
    expect(JSON.parse(server.requests[1]?.body ?? '').text).toEqual({
      format: { type: 'json_schema', name: 'x', schema, strict: false },
    });
  });

  it('response.incomplete ends the stream with its reason as finishReason', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"{\\"a\\":"}\n\n' +
          'event: response.incomplete\ndata: {"type":"response.incomplete","response":{"id":"r1","status":"incomplete","incomplete_details":{"reason":"max_output_tokens"}}}\n\n',
      );
    });
    const { events, error } = await runModel(openAIResponses({ baseURL: server.url, model: 'm' }));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text', delta: '{"a":' },
      { type: 'meta', meta: { id: 'r1', finishReason: 'max_output_tokens' } },
    ]);
  });

  it('response.failed → ProviderError with the error code and the raw event', async () => {
    server = await serveFixture('openai-responses-failed.txt');
    const { events, error } = await runModel(openAIResponses({ baseURL: server.url, model: 'o4-mini' }));
    expect(events.filter((e) => e.type === 'text')).toEqual([{ type: 'text', delta: ANSWER_PARTS[0] }]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      provider: 'openAIResponses',
      providerCode: 'server_error',
      rawText: fixtureData('openai-responses-failed.txt').at(-1),
    });
    expect((error as ProviderError).message).toContain('The model failed to generate a response.');
  });

  it('an error event → ProviderError (rate_limit_exceeded)', async () => {
    server = await serveFixture('openai-responses-error.txt');
    const { error } = await runModel(openAIResponses({ baseURL: server.url, model: 'o4-mini' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      providerCode: 'rate_limit_exceeded',
      rawText: fixtureData('openai-responses-error.txt').at(-1),
    });
  });

  it('a stream that ends before response.completed → TransportError status 0', async () => {
    const full = readFixture('openai-responses-stream.txt');
    server = await serveFixture('openai-responses-stream.txt', {
      truncateAt: full.indexOf('event: response.completed'),
    });
    const { events, error } = await runModel(openAIResponses({ baseURL: server.url, model: 'o4-mini' }));
    expect(events.filter((e) => e.type === 'text')).toHaveLength(ANSWER_PARTS.length);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
  });
});
