import {
  AbortError,
  type AnswerFlowDefinition,
  AnswerFlowError,
  defineAnswerFlow,
  type FlowObservation,
  type GenerateRequest,
  type StreamingData,
} from '@fieldstream/core';
import { describe, expect, it, vi } from 'vitest';

type Data = { text: string };
type Value = string;
type App = { tokens: number };

/** A flow over `{ text }` items whose value is the upper-cased text, with spies on every hook. */
function flowWith(overrides: Partial<AnswerFlowDefinition<Data, Value, App>> = {}) {
  const calls: GenerateRequest<Data, Value, App>[] = [];
  const definition: AnswerFlowDefinition<Data, Value, App> = {
    maxItems: 10,
    maxRepairs: 1,
    reviewPolicy: 'off',
    canInvoke: vi.fn(() => true),
    generate: vi.fn(async (request: GenerateRequest<Data, Value, App>) => {
      calls.push(request);
      return Object.fromEntries(request.items.map((item) => [item.id, item.data.text.toUpperCase()]));
    }),
    check: vi.fn(() => true),
    fallback: vi.fn(() => ({ handled: false as const })),
    ...overrides,
  };
  return { flow: defineAnswerFlow(definition), definition, calls };
}

const input = { inputIds: ['a', 'b', 'c'], items: { a: { text: 'one' }, b: { text: 'two' }, c: { text: 'three' } } };
const app: App = { tokens: 100 };

describe('defineAnswerFlow', () => {
  it('seed example 1: one round passes everything through', async () => {
    const { flow, definition } = flowWith();
    const results = await flow.run(input, { app });
    expect(results).toEqual([
      {
        id: 'a',
        status: 'passed',
        value: 'ONE',
        issues: [],
        checks: [
          { stage: 'generate', round: 0, status: 'passed', issues: [] },
          { stage: 'check', round: 0, status: 'passed', issues: [] },
        ],
      },
      expect.objectContaining({ id: 'b', status: 'passed', value: 'TWO' }),
      expect.objectContaining({ id: 'c', status: 'passed', value: 'THREE' }),
    ]);
    expect(definition.generate).toHaveBeenCalledTimes(1);
    expect(definition.fallback).not.toHaveBeenCalled();
  });

  it('seed example 2: a repair round with required review regenerates only the rejected item', async () => {
    const review = vi.fn(async (items: readonly { id: string; value: string }[], context: { round: number }) =>
      items.map((item) =>
        item.id === 'b' && context.round === 0
          ? { id: item.id, status: 'rejected' as const, issues: [{ code: 'tone', message: 'too loud' }] }
          : { id: item.id, status: 'approved' as const },
      ),
    );
    let round = 0;
    const { flow, calls } = flowWith({
      reviewPolicy: 'required',
      review,
      generate: vi.fn(async (request: GenerateRequest<Data, Value, App>) => {
        calls.push(request);
        round = request.round;
        return Object.fromEntries(
          request.items.map((item) => [item.id, round === 0 ? item.data.text.toUpperCase() : item.data.text]),
        );
      }),
    });
    const results = await flow.run(input, { app });
    expect(calls.map((call) => call.items)).toEqual([
      [
        { id: 'a', data: { text: 'one' } },
        { id: 'b', data: { text: 'two' } },
        { id: 'c', data: { text: 'three' } },
      ],
      [{ id: 'b', data: { text: 'two' }, repairs: [{ code: 'tone', message: 'too loud' }], previous: 'TWO' }],
    ]);
    expect(results.map((r) => [r.id, r.status, r.value])).toEqual([
      ['a', 'passed', 'ONE'],
      ['b', 'passed', 'two'],
      ['c', 'passed', 'THREE'],
    ]);
    expect(results[1]?.checks.map((c) => `${c.stage}@${c.round}:${c.status}`)).toEqual([
      'generate@0:passed',
      'check@0:passed',
      'review@0:failed',
      'generate@1:passed',
      'check@1:passed',
      'review@1:passed',
    ]);
    expect(review).toHaveBeenCalledTimes(2);
    expect(review.mock.calls[1]?.[0].map((item) => item.id)).toEqual(['b']);
  });

  it('batches by maxItems and asks canInvoke before every generate call', async () => {
    const canInvoke = vi.fn(() => true);
    const { flow, calls } = flowWith({ maxItems: 2, canInvoke });
    await flow.run(input, { app });
    expect(calls.map((call) => call.items.map((item) => item.id))).toEqual([['a', 'b'], ['c']]);
    expect(canInvoke).toHaveBeenCalledTimes(2);
    expect(canInvoke.mock.calls[1]).toEqual([
      expect.objectContaining({ app, round: 0, items: [{ id: 'c', data: { text: 'three' } }] }),
    ]);
  });

  it('canInvoke false stops every further call; items not run are not-run', async () => {
    const canInvoke = vi.fn().mockReturnValueOnce(true).mockReturnValue(false);
    const { flow, calls } = flowWith({ maxItems: 1, canInvoke });
    const results = await flow.run(input, { app });
    expect(calls).toHaveLength(1);
    expect(canInvoke).toHaveBeenCalledTimes(2);
    expect(results.map((r) => r.status)).toEqual(['passed', 'not-run', 'not-run']);
    expect(results[1]?.checks).toEqual([
      {
        stage: 'generate',
        round: 0,
        status: 'not-run',
        issues: [{ code: 'not-run', message: 'canInvoke stopped further generate calls' }],
      },
      { stage: 'fallback', round: 1, status: 'failed', issues: [] },
    ]);
  });

  it('runs at most maxRepairs + 1 rounds, then fallback replaces or leaves the value', async () => {
    const fallback = vi.fn((item: { id: string }) =>
      item.id === 'a' ? { handled: true as const, value: 'DEFAULT' } : { handled: false as const },
    );
    const { flow, calls } = flowWith({
      maxRepairs: 2,
      check: (item) =>
        item.id === 'c' ? true : { ok: false, issues: [{ code: 'bad', message: `bad ${item.value}` }] },
      fallback,
    });
    const results = await flow.run(input, { app });
    expect(calls.map((call) => call.round)).toEqual([0, 1, 2]);
    expect(calls[2]?.items.map((item) => item.id)).toEqual(['a', 'b']);
    expect(results.map((r) => [r.id, r.status, r.value, r.issues])).toEqual([
      ['a', 'fallback', 'DEFAULT', []],
      ['b', 'failed', 'TWO', [{ code: 'bad', message: 'bad TWO' }]],
      ['c', 'passed', 'THREE', []],
    ]);
    expect(fallback).toHaveBeenCalledTimes(2);
  });

  it('an item generate leaves out fails with missing-value and is repaired', async () => {
    const { flow, calls } = flowWith({
      generate: async (request) => {
        calls.push(request);
        return new Map(
          request.items.filter((item) => request.round > 0 || item.id !== 'b').map((item) => [item.id, 'x']),
        );
      },
    });
    const results = await flow.run(input, { app });
    expect(calls[1]?.items).toEqual([
      {
        id: 'b',
        data: { text: 'two' },
        repairs: [{ code: 'missing-value', message: 'generate returned no value for this item' }],
        previous: undefined,
      },
    ]);
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
  });

  it.each([
    ['optional', 'passed', 'unavailable'],
    ['required', 'failed', 'unavailable'],
  ] as const)('review policy %s with an unavailable review → %s', async (reviewPolicy, status, reviewStatus) => {
    const diagnostics: unknown[] = [];
    const { flow } = flowWith({
      maxRepairs: 0,
      reviewPolicy,
      review: async () => {
        throw new Error('reviewer down');
      },
    });
    const results = await flow.run({ inputIds: ['a'], items: { a: { text: 'one' } } }, { app, diagnostics });
    expect(results[0]?.status).toBe(status);
    expect(results[0]?.checks.find((c) => c.stage === 'review')?.status).toBe(reviewStatus);
    expect(diagnostics).toEqual([
      { code: 'review_unavailable', round: 0, message: 'review unavailable: reviewer down' },
    ]);
  });

  it('unresolved verdicts pass under optional and block under required', async () => {
    const review = async (items: readonly { id: string }[]) =>
      items.map((item) => ({ id: item.id, status: 'unresolved' as const }));
    const optional = await flowWith({ maxRepairs: 0, reviewPolicy: 'optional', review }).flow.run(input, { app });
    const required = await flowWith({ maxRepairs: 0, reviewPolicy: 'required', review }).flow.run(input, { app });
    expect(optional.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    expect(required.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    expect(required[0]?.issues).toEqual([{ code: 'review-unresolved', message: 'the review could not decide' }]);
  });

  it("an unresolved verdict keeps the reviewer's issues", async () => {
    const issues = [{ code: 'no-certificate', message: 'no certificate on file for IPX7' }];
    const review = async (items: readonly { id: string }[]) =>
      items.map((item) => ({ id: item.id, status: 'unresolved' as const, issues }));
    const results = await flowWith({ maxRepairs: 0, reviewPolicy: 'required', review }).flow.run(input, { app });
    expect(results[0]?.issues).toEqual(issues);
    expect(results[0]?.checks.at(-2)).toEqual({ stage: 'review', round: 0, status: 'unavailable', issues });
  });

  it('reviewPolicy off never calls review', async () => {
    const review = vi.fn(async () => []);
    await flowWith({ reviewPolicy: 'off', review }).flow.run(input, { app });
    expect(review).not.toHaveBeenCalled();
  });

  it('observe sees every stage and its failures change nothing', async () => {
    const seen: FlowObservation<Value>[] = [];
    const diagnostics: unknown[] = [];
    const { flow } = flowWith({
      observe: (observation) => {
        seen.push(observation);
        throw new Error('observer bug');
      },
    });
    const results = await flow.run(input, { app, diagnostics });
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    expect(seen.map((o) => `${o.stage}@${o.round}`)).toEqual(['generate@0', 'check@0']);
    expect(seen[1]?.results[0]).toEqual({ id: 'a', status: 'passed', value: 'ONE', issues: [] });
    expect(diagnostics).toHaveLength(2);
  });

  it('abort mid-generate ends the flow promptly with AbortError and no further calls', async () => {
    const controller = new AbortController();
    const { flow, definition } = flowWith({
      maxItems: 1,
      generate: vi.fn(() => {
        controller.abort();
        return new Promise<never>(() => {});
      }),
    });
    await expect(flow.run(input, { app, signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
    expect(definition.generate).toHaveBeenCalledTimes(1);
    expect(definition.fallback).not.toHaveBeenCalled();
  });

  it('an already aborted signal makes no call at all', async () => {
    const { flow, definition } = flowWith();
    await expect(flow.run(input, { app, signal: AbortSignal.abort() })).rejects.toThrow(AbortError);
    expect(definition.canInvoke).not.toHaveBeenCalled();
  });

  it('streams each item under items.<id> into the sink', async () => {
    const sink = vi.fn();
    const event: StreamingData = {
      path: 'title',
      wildcard_path: 'title',
      indexes: [],
      delta: 'Hi',
      value: 'Hi',
      is_complete: false,
      event_type: 'delta',
    };
    const { flow } = flowWith({
      generate: async (request) => {
        request.emit('b', [event]);
        request.emit('a', [{ ...event, path: '[0]', wildcard_path: '[*]', indexes: [0] }]);
        return { a: 'x', b: 'y', c: 'z' };
      },
    });
    await flow.run(input, { app, sink });
    expect(sink.mock.calls.map(([events]) => events.map((e: StreamingData) => [e.path, e.wildcard_path]))).toEqual([
      [['items.b.title', 'items.b.title']],
      [['items.a[0]', 'items.a[*]']],
    ]);
  });

  it.each([
    [{ maxItems: 0 }, 'maxItems must be a positive integer, got 0'],
    [{ maxItems: 1.5 }, 'maxItems must be a positive integer, got 1.5'],
    [{ maxRepairs: -1 }, 'maxRepairs must be a non-negative integer, got -1'],
    [{ reviewPolicy: 'required' as const, review: undefined }, "reviewPolicy 'required' needs a review function"],
  ])('rejects an invalid definition %j', (overrides, message) => {
    expect(() => flowWith(overrides)).toThrow(AnswerFlowError);
    expect(() => flowWith(overrides)).toThrow(message);
  });

  it('rejects a non-boolean canInvoke result, an async check and a review missing items', async () => {
    // Deliberately wrong return types, which the types would refuse.
    const promiseCanInvoke = flowWith({ canInvoke: (() => Promise.resolve(true)) as never }).flow.run(input, { app });
    await expect(promiseCanInvoke).rejects.toMatchObject({
      code: 'FLOW_CAN_INVOKE_NOT_BOOLEAN',
      message: 'canInvoke must return a boolean synchronously, got a promise',
    });
    const asyncCheck = flowWith({ check: (async () => true) as never }).flow.run(input, { app });
    await expect(asyncCheck).rejects.toMatchObject({ code: 'FLOW_CHECK_NOT_SYNC' });
    const partial = flowWith({
      reviewPolicy: 'optional',
      review: async () => [{ id: 'a', status: 'approved' }],
    }).flow.run(input, { app });
    await expect(partial).rejects.toMatchObject({
      code: 'FLOW_REVIEW_INCOMPLETE',
      message: 'review returned no verdict for "b", "c"',
    });
  });

  it('rejects duplicate ids and ids without data', async () => {
    const { flow } = flowWith();
    await expect(flow.run({ inputIds: ['a', 'a'], items: { a: { text: '' } } }, { app })).rejects.toMatchObject({
      code: 'FLOW_INVALID_INPUT',
    });
    await expect(flow.run({ inputIds: ['z'], items: {} }, { app })).rejects.toThrow('no item data for input id "z"');
  });
});
