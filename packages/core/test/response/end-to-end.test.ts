import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createFieldStore,
  createResponse,
  defineOutput,
  openAIChat,
  type ResponseEvent,
  type StreamingData,
} from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collect } from './model-helpers';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk', 'not_null']],
  customer_reply: ['string', 'reply to the customer', 'not_null'],
});
const missingReply = '{"status_summary": "DB failover", "risk_flags": ["data loss"], "customer_reply": ""}';
const complete =
  '{"status_summary": "DB failover done", "risk_flags": ["data loss", "latency"], "customer_reply": "We are on it."}';

describe('a response over a real local SSE server (openAIChat)', () => {
  let server: Server;
  let baseURL: string;
  const bodies: Record<string, unknown>[] = [];

  beforeEach(async () => {
    bodies.length = 0;
    const answers = [missingReply, complete];
    server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      bodies.push(JSON.parse(raw) as Record<string, unknown>);
      const answer = answers[bodies.length - 1] ?? complete;
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (let i = 0; i < answer.length; i += 7) {
        const chunk = {
          id: `c${bodies.length}`,
          model: 'test',
          choices: [{ delta: { content: answer.slice(i, i + 7) } }],
        };
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      response.write(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterEach(async () => {
    server.close();
    await once(server, 'close');
  });

  it('streams instant events, retries on a missing not_null field and ends in validated data', async () => {
    const model = openAIChat({ baseURL, model: 'test-model' });
    // The end-of-answer pipeline (early field checks are tested in test/early-validation/).
    const response = createResponse({
      model,
      input: 'Incident #42',
      output: incident,
      format: 'json',
      earlyValidation: false,
    });
    const store = createFieldStore(response);
    const events = await collect(response.instant());
    const data = await response.getData();
    expect(data).toEqual(JSON.parse(complete));
    expect(bodies).toHaveLength(2);
    const retryMessages = (bodies[1]?.messages ?? []) as { role: string; content: string }[];
    expect(retryMessages.map((message) => message.content).join('\n')).toContain(
      'Required fields are missing or empty: customer_reply is blank',
    );
    const replies = events.filter((event) => event.path === 'customer_reply' && event.event_type === 'done');
    expect(replies.map((event) => event.value)).toEqual(['', 'We are on it.']);
    expect(store.getState().status).toBe('done');
    expect(store.getState().final).toEqual(data);
  });
});

describe('a response against the scripted model (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries after a dropped connection and a missing field, in time', async () => {
    const model = scriptedModel({
      answers: [complete],
      chunkSize: 5,
      delayMs: 10,
      faults: [
        { attempt: 0, kind: 'drop_connection', at: 40 },
        { attempt: 1, kind: 'missing_field', answer: missingReply },
      ],
    });
    const response = createResponse({
      model,
      input: 'x',
      output: incident,
      format: 'json',
      retry: { jitter: 0 },
      earlyValidation: false,
    });
    const history: ResponseEvent[] = [];
    response.subscribe((event) => history.push(event));
    const data = response.getData();
    // The drop (at 40 characters, ~80 ms) is followed by the 500 ms backoff before attempt 1.
    await vi.advanceTimersByTimeAsync(100);
    expect([response.attempt, response.status]).toEqual([0, 'retrying']);
    await vi.advanceTimersByTimeAsync(500);
    expect(response.attempt).toBe(1);
    await vi.runAllTimersAsync();
    expect(await data).toEqual(JSON.parse(complete));
    expect(response.events.flatMap((e) => (e.type === 'model.retrying' ? [e.retry_reason] : []))).toEqual([
      'request_failed',
      'ensure_failed',
    ]);
    expect(await response.getMeta()).toMatchObject({ provider: 'scriptedModel', attempts: 3, finishReason: 'stop' });
  });

  it('abort mid-stream stops the model at once, even in the middle of a delay', async () => {
    const model = scriptedModel({ answers: [complete], chunkSize: 4, delayMs: 50 });
    const response = createResponse({ model, input: 'x', output: incident, format: 'json' });
    const seen: StreamingData[] = [];
    const consumer = (async () => {
      for await (const event of response.instant()) seen.push(event);
    })();
    const outcome = consumer.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(175);
    const before = seen.length;
    expect(before).toBeGreaterThan(0);
    response.abort();
    expect(await outcome).toMatchObject({ name: 'AbortError' });
    await vi.runAllTimersAsync();
    expect(seen).toHaveLength(before);
    expect(vi.getTimerCount()).toBe(0);
  });
});
