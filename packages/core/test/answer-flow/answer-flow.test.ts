import { AbortError, type StreamingData } from '@fieldstream/core';
import {
  type AnswerFlowDefinition,
  AnswerFlowError,
  type AnswerItem,
  Answering,
  type AnswerResult,
  type GenerateInput,
  type OperationContext,
} from '@fieldstream/core/kits';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

type Data = { text: string };
type App = { budget: number };

const item = (id: string, text: string, inputIds = [id]): AnswerItem<Data> => ({
  id,
  inputIds,
  sourceStatus: 'ready',
  data: { text },
});
const items = [item('a', 'one'), item('b', 'two'), item('c', 'three')];
const input = { inputIds: ['a', 'b', 'c'], items };
const context = () => ({ app: { budget: 10 }, signal: new AbortController().signal });
const passed = { status: 'passed', issues: [] } as const;

/** A flow whose value is the upper-cased text, with spies on every handler. */
function flowWith(overrides: Partial<AnswerFlowDefinition<Data, string, App>> = {}) {
  const calls: GenerateInput<Data, string>[] = [];
  const definition: AnswerFlowDefinition<Data, string, App> = {
    maxItems: 10,
    maxRepairs: 1,
    reviewPolicy: 'off',
    canInvoke: vi.fn(() => true),
    generate: vi.fn(async (request: GenerateInput<Data, string>) => {
      calls.push(request);
      return new Map(request.items.map((entry) => [entry.id, entry.data.text.toUpperCase()]));
    }),
    check: vi.fn(() => passed),
    fallback: vi.fn(() => ({ handled: false as const })),
    ...overrides,
  };
  return { flow: Answering.defineAnswerFlow(definition), definition, calls };
}

describe('answer flow rules (seed agent-core-answer-flow.txt)', () => {
  it('runs fallback after the repairs are exhausted, with the last issues', async () => {
    const empty = { code: 'EMPTY', message: 'empty' };
    const fallback = vi.fn(() => ({ handled: true as const, value: 'fallback text' }));
    const { flow, definition } = flowWith({
      maxRepairs: 2,
      generate: vi.fn(async (request: GenerateInput<Data, string>) => new Map(request.items.map((e) => [e.id, '']))),
      check: () => ({ status: 'failed', issues: [empty] }),
      fallback,
    });
    const [result] = await flow.run({ inputIds: ['a'], items: [item('a', 'one')] }, context());
    expect(definition.generate).toHaveBeenCalledTimes(3);
    expect(fallback).toHaveBeenCalledWith({ item: item('a', 'one'), issues: [empty] }, expect.anything());
    expect(result).toEqual({
      id: 'a',
      item: item('a', 'one'),
      status: 'recovered',
      value: 'fallback text',
      issues: [],
      checks: [0, 1, 2]
        .flatMap((round) => [
          { stage: 'generate', round, status: 'passed', issues: [] },
          { stage: 'check', round, status: 'failed', issues: [empty] },
        ])
        .concat([{ stage: 'fallback', round: 2, status: 'passed', issues: [], value: 'fallback text' } as never]),
    });
  });

  it('an unhandled fallback leaves the item failed, without a value', async () => {
    const { flow } = flowWith({ maxRepairs: 0, check: () => ({ status: 'failed', issues: [] }) });
    const [result] = await flow.run({ inputIds: ['a'], items: [item('a', 'one')] }, context());
    expect(result.status).toBe('failed');
    expect(result).not.toHaveProperty('value');
    expect(result.issues).toEqual([{ code: 'check-failed', message: 'check did not pass' }]);
  });

  it('never regenerates a passed item; repair rounds get the issues and the rejected values', async () => {
    const tooLoud = { code: 'LOUD', message: 'too loud' };
    const { flow, calls } = flowWith({
      check: ({ item: entry, value }) =>
        entry.id === 'b' && value === 'TWO' ? { status: 'failed', issues: [tooLoud] } : passed,
      generate: async (request) => {
        calls.push(request);
        return new Map(request.items.map((e) => [e.id, request.repairs ? e.data.text : e.data.text.toUpperCase()]));
      },
    });
    const results = await flow.run(input, context());
    expect(calls.map((call) => call.items.map((e) => e.id))).toEqual([['a', 'b', 'c'], ['b']]);
    expect(calls[0]).toEqual({ items });
    expect(calls[1]).toEqual({
      items: [items[1]],
      repairs: new Map([['b', [tooLoud]]]),
      previous: new Map([['b', 'TWO']]),
    });
    expect(results.map((r) => [r.status, r.value])).toEqual([
      ['passed', 'ONE'],
      ['passed', 'two'],
      ['passed', 'THREE'],
    ]);
  });

  it('property: batches hold at most maxItems, passed items are never sent again, every item gets one result', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 9 }),
        async (maxItems, maxRepairs, failuresPerItem) => {
          const ids = failuresPerItem.map((_, index) => `q${index}`);
          const attempts = new Map<string, number>();
          const batches: string[][] = [];
          const flow = Answering.defineAnswerFlow<Data, string, App>({
            maxItems,
            maxRepairs,
            reviewPolicy: 'off',
            canInvoke: () => true,
            generate: async ({ items: batch }) => {
              batches.push(batch.map((e) => e.id));
              for (const e of batch) attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
              return new Map(batch.map((e) => [e.id, `${e.id}#${attempts.get(e.id)}`]));
            },
            // Item i fails its first failuresPerItem[i] attempts.
            check: ({ item: e }) =>
              (attempts.get(e.id) ?? 0) > (failuresPerItem[ids.indexOf(e.id)] ?? 0)
                ? passed
                : { status: 'failed', issues: [{ code: 'NOT_YET', message: 'not yet' }] },
            fallback: () => ({ handled: false }),
          });
          const results = await flow.run({ inputIds: ids, items: ids.map((id) => item(id, id)) }, context());
          expect(batches.every((batch) => batch.length >= 1 && batch.length <= maxItems)).toBe(true);
          ids.forEach((id, index) => {
            const failures = failuresPerItem[index] ?? 0;
            const passes = failures <= maxRepairs;
            expect(attempts.get(id)).toBe(passes ? failures + 1 : maxRepairs + 1);
            expect(results[index]?.status).toBe(passes ? 'passed' : 'failed');
          });
        },
      ),
    );
  });

  it('canInvoke false: no generate call at all, items are not-run and still offered to fallback', async () => {
    const fallback = vi.fn(() => ({ handled: false as const }));
    const { flow, definition } = flowWith({ canInvoke: () => false, fallback });
    const results = await flow.run(input, context());
    expect(definition.generate).not.toHaveBeenCalled();
    expect(results.map((r) => r.status)).toEqual(['not-run', 'not-run', 'not-run']);
    expect(results[0]?.issues).toEqual([{ code: 'not-run', message: 'canInvoke stopped further generate calls' }]);
    expect(fallback).toHaveBeenCalledTimes(3);
  });

  it('canInvoke is asked before every generate call with the operation context only', async () => {
    const seen: OperationContext<App>[] = [];
    let allowed = 1;
    const { flow, definition } = flowWith({
      maxItems: 2,
      canInvoke: (ctx) => {
        seen.push(ctx);
        return allowed-- > 0;
      },
    });
    const ctx = context();
    const results = await flow.run(input, ctx);
    expect(definition.generate).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([ctx, ctx]);
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed', 'not-run']);
  });

  it('a failing observe leaves the result unchanged and is recorded as a diagnostic', async () => {
    const stages: string[] = [];
    const record = vi.fn();
    const plain = await flowWith().flow.run(input, context());
    const { flow } = flowWith({
      observe: ({ stageId, results }) => {
        stages.push(stageId);
        (results as AnswerResult<Data, string>[]).splice(0); // a buggy observer mutating what it sees
        throw new Error('observer bug');
      },
    });
    const observed = await flow.run(input, { ...context(), diagnostics: { record } });
    expect(observed).toEqual(plain);
    expect(stages).toEqual(['generate:0', 'check:0']);
    expect(record.mock.calls).toEqual([
      [{ code: 'observer_failed', stageId: 'generate:0', message: 'observe failed at generate:0: observer bug' }],
      [{ code: 'observer_failed', stageId: 'check:0', message: 'observe failed at check:0: observer bug' }],
    ]);
  });

  it('observe gets each stage with its results and the operation context', async () => {
    const observe = vi.fn();
    const { flow } = flowWith({
      observe,
      check: ({ value }) => (value === 'TWO' ? { status: 'failed', issues: [] } : passed),
    });
    const ctx = context();
    await flow.run(input, ctx);
    expect(observe.mock.calls.map(([observation]) => observation.stageId)).toEqual([
      'generate:0',
      'check:0',
      'generate:1',
      'check:1',
      'fallback',
    ]);
    const [fallbackStage, fallbackContext] = observe.mock.calls.at(-1) ?? [];
    expect(fallbackStage.results.map((r: AnswerResult<Data, string>) => [r.id, r.status])).toEqual([['b', 'failed']]);
    expect(fallbackContext).toEqual(ctx);
  });

  it('abort mid-generate rejects with AbortError and makes no further call', async () => {
    const controller = new AbortController();
    const { flow, definition } = flowWith({
      maxItems: 1,
      generate: vi.fn(() => {
        controller.abort();
        return new Promise<never>(() => {});
      }),
    });
    await expect(flow.run(input, { app: { budget: 1 }, signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
    expect(definition.generate).toHaveBeenCalledTimes(1);
    expect(definition.fallback).not.toHaveBeenCalled();
  });

  it('an already aborted signal makes no call at all', async () => {
    const { flow, definition } = flowWith();
    await expect(flow.run(input, { app: { budget: 1 }, signal: AbortSignal.abort() })).rejects.toThrow(AbortError);
    expect(definition.canInvoke).not.toHaveBeenCalled();
  });
});

describe('review', () => {
  const reviewing = (status: 'passed' | 'failed' | 'unavailable' | 'not-run') =>
    vi.fn(
      async ({ items: reviewed }: { readonly items: readonly { item: AnswerItem<Data> }[] }) =>
        new Map(reviewed.map(({ item: e }) => [e.id, { status, issues: [] }])),
    );

  it.each([
    ['optional', 'unavailable', 'passed'],
    ['required', 'unavailable', 'failed'],
    ['optional', 'not-run', 'passed'],
    ['required', 'not-run', 'failed'],
    ['optional', 'failed', 'failed'],
    ['required', 'passed', 'passed'],
  ] as const)('%s review answering %s leaves the item %s', async (reviewPolicy, status, outcome) => {
    const { flow } = flowWith({ maxRepairs: 0, reviewPolicy, review: reviewing(status) });
    const [result] = await flow.run({ inputIds: ['a'], items: [item('a', 'one')] }, context());
    expect(result.status).toBe(outcome);
    expect(result.checks.find((check) => check.stage === 'review')).toMatchObject({ status });
  });

  it.each([
    ['optional', 'passed'],
    ['required', 'failed'],
  ] as const)('a review that throws is unavailable: %s → %s, with a diagnostic', async (reviewPolicy, outcome) => {
    const record = vi.fn();
    const { flow } = flowWith({
      maxRepairs: 0,
      reviewPolicy,
      review: async () => {
        throw new Error('reviewer down');
      },
    });
    const [result] = await flow.run(
      { inputIds: ['a'], items: [item('a', 'one')] },
      { ...context(), diagnostics: { record } },
    );
    expect(result.status).toBe(outcome);
    expect(record).toHaveBeenCalledWith({
      code: 'review_unavailable',
      stageId: 'review:0',
      message: 'review unavailable: reviewer down',
    });
  });

  it('a review that leaves out a submitted item is a definition error', async () => {
    const { flow } = flowWith({
      reviewPolicy: 'optional',
      review: async () => new Map([['a', passed]]),
    });
    await expect(flow.run(input, context())).rejects.toMatchObject({
      code: 'FLOW_REVIEW_INCOMPLETE',
      message: 'review returned no check for "b", "c"',
    });
  });

  it("reviewPolicy 'off' never calls review", async () => {
    const review = reviewing('passed');
    await flowWith({ reviewPolicy: 'off', review }).flow.run(input, context());
    expect(review).not.toHaveBeenCalled();
  });

  it('a check or review that yields a value replaces it', async () => {
    const { flow } = flowWith({
      maxRepairs: 0,
      reviewPolicy: 'required',
      check: ({ value }) => ({ status: 'passed', issues: [], value: `${value}!` }),
      review: async ({ items: reviewed }) =>
        new Map(
          reviewed.map(({ item: e, value }) => [e.id, { status: 'passed' as const, issues: [], value: `${value}?` }]),
        ),
    });
    const [result] = await flow.run({ inputIds: ['a'], items: [item('a', 'one')] }, context());
    expect(result.value).toBe('ONE!?');
  });
});

describe('input, definition and streaming extension', () => {
  it('keeps coverage: every input id answered, items answer only input ids, ids unique', async () => {
    const { flow } = flowWith();
    await expect(flow.run({ inputIds: ['a', 'z'], items: [item('a', 'one')] }, context())).rejects.toThrow(
      'no item answers input id "z"',
    );
    await expect(flow.run({ inputIds: ['a'], items: [item('a', 'one', ['a', 'y'])] }, context())).rejects.toThrow(
      'item "a" answers "y", which is not an input id',
    );
    await expect(flow.run({ inputIds: ['a'], items: [item('a', '1'), item('a', '2')] }, context())).rejects.toThrow(
      'item id "a" appears twice',
    );
    // One item may answer several input ids.
    const [result] = await flow.run({ inputIds: ['q1', 'q2'], items: [item('both', 'x', ['q1', 'q2'])] }, context());
    expect(result.status).toBe('passed');
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

  it('rejects a promise from canInvoke, check or fallback, and a generate that is not a Map', async () => {
    // Deliberately wrong return types, which the types would refuse.
    await expect(
      flowWith({ canInvoke: (() => Promise.resolve(true)) as never }).flow.run(input, context()),
    ).rejects.toMatchObject({
      code: 'FLOW_CAN_INVOKE_NOT_BOOLEAN',
      message: 'canInvoke must return a boolean synchronously, got a promise',
    });
    await expect(flowWith({ check: (async () => passed) as never }).flow.run(input, context())).rejects.toMatchObject({
      code: 'FLOW_CHECK_NOT_SYNC',
    });
    await expect(
      flowWith({ canInvoke: () => false, fallback: (async () => ({ handled: false })) as never }).flow.run(
        input,
        context(),
      ),
    ).rejects.toThrow('fallback must return { handled } synchronously');
    await expect(
      flowWith({ generate: (async () => ({ a: 'x' })) as never }).flow.run(input, context()),
    ).rejects.toThrow('generate must resolve to a Map of item id → value');
  });

  it('streams what generate emits under items.<id> into the run sink', async () => {
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
      generate: async ({ items: batch }, { emit }) => {
        emit('b', [event]);
        return new Map(batch.map((e) => [e.id, 'x']));
      },
    });
    await flow.run(input, { ...context(), sink });
    expect(sink).toHaveBeenCalledWith([{ ...event, path: 'items.b.title', wildcard_path: 'items.b.title' }]);
  });
});
