import {
  agentlyInstant,
  defineOutput,
  type ModelEvent,
  ProviderError,
  type StreamingData,
  TransportError,
} from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentlyInstantNormaliser } from '../../src/providers/agently-normaliser';
import { type LocalServer, startServer, writeEventStream } from '../transport/local-server';
import { baseRequest, fixtureData, runModel, serveFixture } from './provider-harness';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const patch = (data: StreamingData): ModelEvent => ({ type: 'patch', data });
const delta = (path: string, text: string, value: string, wildcard = path, indexes: number[] = []): ModelEvent =>
  patch({ path, wildcard_path: wildcard, indexes, delta: text, value, is_complete: false, event_type: 'delta' });
const done = (path: string, value: unknown, wildcard = path, indexes: number[] = []): ModelEvent =>
  patch({
    path,
    wildcard_path: wildcard,
    indexes,
    delta: '',
    value,
    is_complete: true,
    event_type: 'done',
    completion_source: 'observed_boundary',
  });

describe('agentlyInstant over a local HTTP server', () => {
  it('normalises Python-repr events: fragments, True/None, missing wildcards, partial numbers, channels', async () => {
    server = await serveFixture('agently-instant-repr.txt');
    const { events, error } = await runModel(agentlyInstant({ url: `${server.url}/instant` }));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      delta('$reasoning', 'Disk ', 'Disk '),
      delta('$reasoning', 'is full.', 'Disk is full.'),
      done('$reasoning', 'Disk is full.'),
      delta('status_summary', 'Disk full', 'Disk full'),
      delta('status_summary', ' on db-1', 'Disk full on db-1'),
      done('status_summary', 'Disk full on db-1'),
      done('meta.score', 12),
      done('meta.ok', true),
      delta('risk_flags[0]', 'data', 'data', 'risk_flags[*]', [0]),
      delta('risk_flags[0]', ' loss', 'data loss', 'risk_flags[*]', [0]),
      done('risk_flags[0]', 'data loss', 'risk_flags[*]', [0]),
      done('risk_flags', ['data loss']),
      done('$status', { stage: 'done', ok: true, note: null }),
    ]);
    const seen = server.requests[0];
    expect(seen?.method).toBe('POST');
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      prompt: baseRequest.prompt,
      messages: baseRequest.messages,
      format: 'json',
      attempt: 0,
      settings: { temperature: 0 },
    });
  });

  it('slash-style paths, then an error event → ProviderError with the raw event', async () => {
    server = await serveFixture('agently-instant-error.txt');
    const { events, error } = await runModel(agentlyInstant({ url: server.url }));
    expect(events).toEqual([
      delta('customer_reply', 'We are', 'We are'),
      delta('customer_reply', ' on it', 'We are on it'),
    ]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      provider: 'agentlyInstant',
      providerCode: 'model_error',
      rawText: fixtureData('agently-instant-error.txt').at(-1),
    });
  });

  it('coerces Python-style strings at typed paths when given the output schema', async () => {
    const output = defineOutput({ meta: { ok: ['boolean'], score: ['integer'], note: ['string'] } });
    server = await startServer((_req, res) =>
      writeEventStream(res, [
        'data: {"path": "meta.ok", "value": "True", "delta": null, "is_complete": true}\n\n',
        'data: {"path": "meta.score", "value": "7", "event_type": "done"}\n\n',
        'data: {"path": "meta.note", "value": "True", "event_type": "done"}\n\n',
        'data: {"path": "meta", "value": {"ok": true, "score": 7, "note": "True"}, "event_type": "done"}\n\n',
      ]),
    );
    const { events } = await runModel(agentlyInstant({ url: server.url, output }));
    expect(events).toEqual([
      done('meta.ok', true),
      done('meta.score', 7),
      done('meta.note', 'True'),
      done('meta', { ok: true, score: 7, note: 'True' }),
    ]);
  });

  it('passes text and meta events through, skips heartbeats, keeps one done per path', async () => {
    server = await startServer((_req, res) =>
      writeEventStream(res, [
        'event: text\ndata: "{\\"a\\": "\n\n',
        'event: meta\ndata: {"model": "qwen"}\n\n',
        'data: {"type": "ping"}\n\n',
        "data: {'path': 'a', 'value': 1, 'event_type': 'done'}\n\n",
        "data: {'path': 'a', 'value': 1, 'event_type': 'done'}\n\n",
        'event: done\ndata: {}\n\n',
        "data: {'path': 'b', 'value': 2}\n\n",
      ]),
    );
    const { events, error } = await runModel(agentlyInstant({ url: server.url, method: 'GET' }));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text', delta: '{"a": ' },
      { type: 'meta', meta: { model: 'qwen' } },
      done('a', 1),
    ]);
    expect(server.requests[0]?.method).toBe('GET');
  });

  it('requireEndMarker: a stream closing without [DONE] → TransportError status 0', async () => {
    server = await startServer((_req, res) =>
      writeEventStream(res, ["data: {'path': 'a', 'value': 'x', 'delta': 'x'}\n\n"]),
    );
    const { events, error } = await runModel(agentlyInstant({ url: server.url, requireEndMarker: true }));
    expect(events).toEqual([delta('a', 'x', 'x')]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
  });

  it('an event that is neither JSON nor a Python literal → ProviderError invalid_event with the raw text', async () => {
    server = await startServer((_req, res) => writeEventStream(res, ["data: {'path': 'a', 'value': tru}\n\n"]));
    const { error } = await runModel(agentlyInstant({ url: server.url }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ providerCode: 'invalid_event', rawText: "{'path': 'a', 'value': tru}" });
  });

  it('parses a 100 000-deep Python literal without overflowing the stack', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    server = await startServer((_req, res) =>
      writeEventStream(res, [`data: {'path': '$status', 'value': ${nested}, 'event_type': 'done'}\n\n`]),
    );
    const { events, error } = await runModel(agentlyInstant({ url: server.url }));
    expect(error).toBeUndefined();
    let node: unknown = events[0]?.type === 'patch' ? events[0].data.value : undefined;
    let levels = 0;
    while (Array.isArray(node)) {
      levels++;
      node = node[0];
    }
    expect(levels).toBe(depth);
  });
});

describe('AgentlyInstantNormaliser', () => {
  it('emits the tail a done carries beyond the streamed text as a delta, so deltas add up', () => {
    const normaliser = new AgentlyInstantNormaliser();
    const out = [
      ...normaliser.normalise({ path: 'x', value: 'ab', delta: 'ab', event_type: 'delta' }, ''),
      ...normaliser.normalise({ path: 'x', value: 'abcd', delta: null, event_type: 'done' }, ''),
    ];
    expect(out.map((e) => [e.event_type, e.delta, e.value])).toEqual([
      ['delta', 'ab', 'ab'],
      ['delta', 'cd', 'abcd'],
      ['done', '', 'abcd'],
    ]);
  });

  it('uses the accumulated text when a done holds only the last fragment', () => {
    const normaliser = new AgentlyInstantNormaliser();
    normaliser.normalise({ path: 'x', value: 'Hello', delta: 'Hello', event_type: 'delta' }, '');
    normaliser.normalise({ path: 'x', value: ' world', delta: ' world', event_type: 'delta' }, '');
    const [doneEvent] = normaliser.normalise({ path: 'x', value: ' world', event_type: 'done' }, '');
    expect(doneEvent?.value).toBe('Hello world');
  });

  it('keys that are not identifiers get our quoted path syntax; a given completion_source is kept', () => {
    const normaliser = new AgentlyInstantNormaliser();
    const [event] = normaliser.normalise(
      { path: 'items[2].x y', value: 1, event_type: 'done', completion_source: 'final_reconciliation' },
      '',
    );
    expect(event).toMatchObject({
      path: 'items[2]["x y"]',
      wildcard_path: 'items[*]["x y"]',
      indexes: [2],
      completion_source: 'final_reconciliation',
    });
  });

  it('an event without a path → ProviderError keeping the raw text', () => {
    expect(() => new AgentlyInstantNormaliser().normalise({ value: 1 }, '{"value": 1}')).toThrow(ProviderError);
  });
});
