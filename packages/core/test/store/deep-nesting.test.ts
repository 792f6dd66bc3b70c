// Deep answers through createResponse + a bound store: stopped at the default maxDepth, never a freeze.
import { createFieldStore, createResponse, DepthLimitError, type ResponseEvent } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH } from '../../src/response/response-limits';

const nested = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Runs `answer` through a response and a bound store; counts the patches and their deepest path. */
async function run(answer: string, maxDepth?: number) {
  const response = createResponse({
    model: scriptedModel({ answers: [answer], chunkSize: 64 }),
    input: 'x',
    format: 'json',
    maxRetries: 0,
    ...(maxDepth === undefined ? {} : { maxDepth }),
  });
  const store = createFieldStore(response);
  const patches: Extract<ResponseEvent, { type: 'patch' }>[] = [];
  response.subscribe((event) => {
    if (event.type === 'patch') patches.push(event);
  });
  const outcome = await response.getData().then(
    (data) => ({ data, error: undefined }),
    (error: unknown) => ({ data: undefined, error }),
  );
  const deepest = Math.max(0, ...patches.map((patch) => patch.data.indexes.length));
  return { store, outcome, patches: patches.length, deepest };
}

describe('deep nesting through response + store', () => {
  it('stops a 100 000-deep answer at the default maxDepth with a DepthLimitError', async () => {
    const { store, outcome, patches, deepest } = await run(nested(100_000));
    expect(DEFAULT_MAX_DEPTH).toBe(256);
    expect(outcome.error).toBeInstanceOf(DepthLimitError);
    expect(outcome.error).toMatchObject({ code: 'DEPTH_LIMIT' });
    expect(store.getState().status).toBe('error');
    expect(store.getState().error).toBeInstanceOf(DepthLimitError);
    // The parse stopped early: one opening patch per level up to the limit (the root's path has no
    // index), nothing deeper.
    expect(deepest).toBe(DEFAULT_MAX_DEPTH - 1);
    expect(patches).toBe(DEFAULT_MAX_DEPTH);
  });

  it('streams an answer exactly at the limit whole', async () => {
    const { store, outcome, deepest } = await run(nested(DEFAULT_MAX_DEPTH));
    expect(outcome.error).toBeUndefined();
    expect(deepest).toBe(DEFAULT_MAX_DEPTH);
    let value = store.getState().data;
    for (let level = 0; level < DEFAULT_MAX_DEPTH; level++) value = (value as unknown[])[0];
    expect(value).toBe(1);
    expect(store.getState().status).toBe('done');
  });

  it('lifts the limit with a larger maxDepth', async () => {
    const depth = DEFAULT_MAX_DEPTH * 2;
    const { store, outcome } = await run(nested(depth), depth);
    expect(outcome.error).toBeUndefined();
    expect(JSON.stringify(store.getState().data)).toBe(nested(depth));
  });
});
