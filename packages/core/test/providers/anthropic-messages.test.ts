import { anthropicMessages, type ModelEvent, ProviderError, TransportError } from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, reply, startServer } from '../transport/local-server';
import { ANSWER_PARTS, fixtureData, readFixture, runModel, serveFixture } from './provider-harness';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('anthropicMessages over a local HTTP server', () => {
  it('streams thinking, text, stop reason and usage from a recorded-shape stream', async () => {
    server = await serveFixture('anthropic-messages-stream.txt');
    const model = anthropicMessages({ baseURL: `${server.url}/v1`, apiKey: 'sk-ant-test', model: 'claude-sonnet-4-5' });
    const { events, error } = await runModel(model);
    expect(error).toBeUndefined();
    expect(events).toEqual([
      {
        type: 'meta',
        meta: {
          provider: 'anthropicMessages',
          id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
          model: 'claude-sonnet-4-5-20250929',
        },
      },
      { type: 'reasoning', delta: 'The disk is full' },
      { type: 'reasoning', delta: ', so writes stop.' },
      ...ANSWER_PARTS.map((delta): ModelEvent => ({ type: 'text', delta })),
      {
        type: 'meta',
        meta: {
          finishReason: 'end_turn',
          usage: { inputTokens: 472, outputTokens: 89, totalTokens: 561 },
          rawUsage: { output_tokens: 89 },
        },
      },
    ]);
  });

  it('sends x-api-key, anthropic-version, system separately, and a default max_tokens', async () => {
    server = await serveFixture('anthropic-messages-stream.txt');
    await runModel(anthropicMessages({ baseURL: server.url, apiKey: 'sk-ant-test', model: 'claude-sonnet-4-5' }));
    const seen = server.requests[0];
    expect(seen?.url).toBe('/messages');
    expect(seen?.headers['x-api-key']).toBe('sk-ant-test');
    expect(seen?.headers['anthropic-version']).toBe('2023-06-01');
    expect(seen?.headers.authorization).toBeUndefined();
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      model: 'claude-sonnet-4-5',
      temperature: 0,
      system: 'Answer in JSON.',
      messages: [{ role: 'user', content: 'Summarise the incident.' }],
      stream: true,
      max_tokens: 4096,
    });
  });

  it('lets body / settings set max_tokens and the version be changed', async () => {
    server = await serveFixture('anthropic-messages-stream.txt');
    await runModel(
      anthropicMessages({
        baseURL: server.url,
        model: 'm',
        maxTokens: 100,
        version: '2024-01-01',
        body: { max_tokens: 50 },
      }),
    );
    expect(JSON.parse(server.requests[0]?.body ?? '').max_tokens).toBe(50);
    expect(server.requests[0]?.headers['anthropic-version']).toBe('2024-01-01');
  });

  it('overloaded_error mid-stream → ProviderError with the raw event', async () => {
    server = await serveFixture('anthropic-messages-overloaded.txt');
    const { events, error } = await runModel(anthropicMessages({ baseURL: server.url, model: 'm' }));
    expect(events.filter((e) => e.type === 'text')).toEqual([{ type: 'text', delta: ANSWER_PARTS[0] }]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      provider: 'anthropicMessages',
      providerCode: 'overloaded_error',
      rawText: fixtureData('anthropic-messages-overloaded.txt').at(-1),
    });
    expect((error as ProviderError).message).toBe('anthropicMessages: Overloaded');
  });

  it('HTTP 529 with an error body → TransportError with status and body', async () => {
    const body = '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}';
    server = await startServer((_req, res) => reply(res, 529, 'application/json', body));
    const { error } = await runModel(anthropicMessages({ baseURL: server.url, model: 'm' }));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 529, body });
  });

  it('a stream that ends before message_stop → TransportError status 0', async () => {
    const full = readFixture('anthropic-messages-stream.txt');
    server = await serveFixture('anthropic-messages-stream.txt', { truncateAt: full.indexOf('event: message_stop') });
    const { events, error } = await runModel(anthropicMessages({ baseURL: server.url, model: 'm' }));
    expect(events.at(-1)).toMatchObject({ type: 'meta', meta: { finishReason: 'end_turn' } });
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
  });
});
