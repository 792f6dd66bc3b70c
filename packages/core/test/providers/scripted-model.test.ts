import { AbortError, type ModelEvent, type ModelRequest, ProviderError, TransportError } from '@fieldstream/core';
import { type ScriptedModelOptions, scriptedModel } from '@fieldstream/core/testing';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseRequest, joined, runModel } from './provider-harness';

afterEach(() => {
  vi.useRealTimers();
});

const texts = (events: readonly ModelEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.delta] : []));
const run = (options: ScriptedModelOptions, request: Partial<ModelRequest> = {}) =>
  runModel(scriptedModel(options), request);

describe('scriptedModel', () => {
  it('streams the answer in fixed-size chunks between a start meta and a finish meta', async () => {
    const { events, error } = await run({ answers: ['abcdefghij'], chunkSize: 4 });
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'meta', meta: { provider: 'scriptedModel', model: 'scripted', attempt: 0 } },
      { type: 'text', delta: 'abcd' },
      { type: 'text', delta: 'efgh' },
      { type: 'text', delta: 'ij' },
      {
        type: 'meta',
        meta: {
          finishReason: 'stop',
          usage: {
            inputTokens: baseRequest.prompt.length,
            outputTokens: 10,
            totalTokens: baseRequest.prompt.length + 10,
          },
        },
      },
    ]);
  });

  it('defaults to 8-character chunks and merges extra meta at the end', async () => {
    const { events } = await run({ answers: ['x'.repeat(20)], meta: { model: 'replay-1' } });
    expect(texts(events)).toEqual(['xxxxxxxx', 'xxxxxxxx', 'xxxx']);
    expect(events.at(-1)).toMatchObject({ type: 'meta', meta: { finishReason: 'stop', model: 'replay-1' } });
  });

  it('[min, max] chunk sizes are seeded: same seed → same chunks, other seed → other chunks', async () => {
    const answer = 'The quick brown fox jumps over the lazy dog. '.repeat(4);
    const a = texts((await run({ answers: [answer], chunkSize: [2, 6], seed: 42 })).events);
    const b = texts((await run({ answers: [answer], chunkSize: [2, 6], seed: 42 })).events);
    const c = texts((await run({ answers: [answer], chunkSize: [2, 6], seed: 43 })).events);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect(a.join('')).toBe(answer);
    for (const chunk of a.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(2);
    for (const chunk of a) expect(chunk.length).toBeLessThanOrEqual(6);
    expect(new Set(a.map((chunk) => chunk.length)).size).toBeGreaterThan(1);
  });

  it('any answer and chunk range: the chunks join to the answer and never split a surrogate pair', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer(),
        async (answer, min, extra, seed) => {
          const chunks = texts((await run({ answers: [answer], chunkSize: [min, min + extra], seed })).events);
          expect(chunks.join('')).toBe(answer);
          for (const chunk of chunks) expect(/[\uD800-\uDBFF]$/.test(chunk)).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers per attempt (the last repeats) or from a function of the request', async () => {
    const options = { answers: ['first', 'second'], chunkSize: 100 };
    expect(texts((await run(options, { attempt: 0 })).events)).toEqual(['first']);
    expect(texts((await run(options, { attempt: 1 })).events)).toEqual(['second']);
    expect(texts((await run(options, { attempt: 5 })).events)).toEqual(['second']);
    const fromRequest = await run(
      { answers: (request) => `#${request.attempt}:${request.format}`, chunkSize: 100 },
      { attempt: 2 },
    );
    expect(texts(fromRequest.events)).toEqual(['#2:json']);
  });

  it('streams reasoning before the answer', async () => {
    const { events } = await run({ answers: ['{"a":1}'], reasoning: 'think hard', chunkSize: 5 });
    expect(events.slice(1, -1)).toEqual([
      { type: 'reasoning', delta: 'think' },
      { type: 'reasoning', delta: ' hard' },
      { type: 'text', delta: '{"a":' },
      { type: 'text', delta: '1}' },
    ]);
  });

  it('waits firstTokenDelayMs, then delayMs between events (fake timers)', async () => {
    vi.useFakeTimers();
    const model = scriptedModel({ answers: ['aabbcc'], chunkSize: 2, firstTokenDelayMs: 100, delayMs: 10 });
    const seen: [number, ModelEvent][] = [];
    const start = Date.now();
    const done = (async () => {
      for await (const event of model(baseRequest, { signal: new AbortController().signal }))
        seen.push([Date.now() - start, event]);
    })();
    await vi.advanceTimersByTimeAsync(99);
    expect(seen.map(([, e]) => e.type)).toEqual(['meta']);
    await vi.advanceTimersByTimeAsync(1);
    expect(texts(seen.map(([, e]) => e))).toEqual(['aa']);
    await vi.advanceTimersByTimeAsync(20);
    await done;
    expect(seen.map(([t, e]) => [t, e.type === 'text' ? e.delta : e.type])).toEqual([
      [0, 'meta'],
      [100, 'aa'],
      [110, 'bb'],
      [120, 'cc'],
      [120, 'meta'],
    ]);
  });

  it('abort during a delay rejects with AbortError at once, without advancing time', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const model = scriptedModel({ answers: ['abc'], chunkSize: 1, delayMs: 60_000 });
    const events: ModelEvent[] = [];
    const done = (async () => {
      for await (const event of model(baseRequest, { signal: controller.signal })) {
        events.push(event);
        if (event.type === 'text') controller.abort();
      }
    })();
    await expect(done).rejects.toBeInstanceOf(AbortError);
    expect(texts(events)).toEqual(['a']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an already-aborted signal rejects before any event', async () => {
    const { events, error } = await runModel(scriptedModel({ answers: ['x'] }), {}, AbortSignal.abort());
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(AbortError);
  });

  it('drop_connection: the text up to `at`, then TransportError status 0 keeping the partial text', async () => {
    const options: ScriptedModelOptions = {
      answers: ['{"summary": "ok"}'],
      chunkSize: 3,
      faults: [{ attempt: 0, kind: 'drop_connection', at: 7 }],
    };
    const first = await run(options);
    expect(joined(first.events, 'text')).toBe('{"summa');
    expect(first.events[0]).toEqual({
      type: 'meta',
      meta: { provider: 'scriptedModel', model: 'scripted', attempt: 0, fault: 'drop_connection' },
    });
    expect(first.error).toBeInstanceOf(TransportError);
    expect(first.error).toMatchObject({ status: 0, rawText: '{"summa', attempt: 0 });
    const retry = await run(options, { attempt: 1 });
    expect(retry.error).toBeUndefined();
    expect(joined(retry.events, 'text')).toBe('{"summary": "ok"}');
  });

  it('drop_connection defaults to half the answer', async () => {
    const { events, error } = await run({ answers: ['abcdefgh'], faults: [{ attempt: 0, kind: 'drop_connection' }] });
    expect(joined(events, 'text')).toBe('abcd');
    expect(error).toMatchObject({ status: 0 });
  });

  it('provider_error: a ProviderError (default before any text), with a chosen code and message', async () => {
    const plain = await run({ answers: ['abc'], faults: [{ attempt: 0, kind: 'provider_error' }] });
    expect(texts(plain.events)).toEqual([]);
    expect(plain.error).toBeInstanceOf(ProviderError);
    expect(plain.error).toMatchObject({ provider: 'scriptedModel', providerCode: 'scripted_error' });
    const coded = await run({
      answers: ['abcdef'],
      chunkSize: 2,
      faults: [{ attempt: 0, kind: 'provider_error', at: 4, code: 'overloaded_error', message: 'Overloaded' }],
    });
    expect(texts(coded.events)).toEqual(['ab', 'cd']);
    expect(coded.error).toMatchObject({
      providerCode: 'overloaded_error',
      message: 'scriptedModel: Overloaded',
      rawText: '{"error":{"type":"overloaded_error","message":"Overloaded"}}',
    });
  });

  it('malformed and missing_field replace the answer of their attempt only', async () => {
    const options: ScriptedModelOptions = {
      answers: ['{"a": 1, "b": 2}'],
      chunkSize: 100,
      faults: [
        { attempt: 0, kind: 'malformed', answer: '{"a": 1, "b": ' },
        { attempt: 1, kind: 'missing_field', answer: '{"a": 1}' },
      ],
    };
    const [zero, one, two] = await Promise.all([0, 1, 2].map((attempt) => run(options, { attempt })));
    expect(texts(zero?.events ?? [])).toEqual(['{"a": 1, "b": ']);
    expect(zero?.events[0]).toMatchObject({ meta: { fault: 'malformed' } });
    expect(texts(one?.events ?? [])).toEqual(['{"a": 1}']);
    expect(one?.events[0]).toMatchObject({ meta: { fault: 'missing_field' } });
    expect(texts(two?.events ?? [])).toEqual(['{"a": 1, "b": 2}']);
    expect([zero?.error, one?.error, two?.error]).toEqual([undefined, undefined, undefined]);
  });

  it('a fault arrives after the same delay as the next event would (fake timers)', async () => {
    vi.useFakeTimers();
    const model = scriptedModel({
      answers: ['abcd'],
      chunkSize: 2,
      delayMs: 50,
      faults: [{ attempt: 0, kind: 'drop_connection', at: 2 }],
    });
    let error: unknown;
    const done = (async () => {
      for await (const _ of model(baseRequest, { signal: new AbortController().signal })) {
        // consume
      }
    })().catch((e: unknown) => {
      error = e;
    });
    await vi.advanceTimersByTimeAsync(49);
    expect(error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(error).toBeInstanceOf(TransportError);
  });
});
