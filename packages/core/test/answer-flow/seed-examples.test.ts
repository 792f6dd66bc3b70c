import { afterEach, describe, expect, it, vi } from 'vitest';

// The seed's four runnable examples, verbatim (import line changed), imported and observed
// through what they log.
async function logsOf(load: () => Promise<unknown>): Promise<unknown[][]> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await load();
  return log.mock.calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const SOURCE = '普通对象可以实现节点合同。';

describe('seed agent-core-answer-flow.txt examples', () => {
  it.each([
    ['TypeScript', () => import('./seed-examples/example-1')],
    // @ts-expect-error a plain JavaScript module (no declarations)
    ['JavaScript', () => import('./seed-examples/example-1-js.mjs')],
  ])('example 1 (%s): a sourced explanation passes in one round', async (_, load) => {
    expect(await logsOf(load)).toEqual([['passed', SOURCE]]);
  });

  const repairedChecks = [
    { stage: 'generate', round: 0, status: 'passed', issues: [] },
    { stage: 'check', round: 0, status: 'failed', issues: [{ code: 'EMPTY', message: '需要非空回答' }] },
    { stage: 'generate', round: 1, status: 'passed', issues: [] },
    { stage: 'check', round: 1, status: 'passed', issues: [] },
    { stage: 'review', round: 1, status: 'passed', issues: [] },
  ];

  it.each([
    ['TypeScript', () => import('./seed-examples/example-2')],
    // @ts-expect-error a plain JavaScript module (no declarations)
    ['JavaScript', () => import('./seed-examples/example-2-js.mjs')],
  ])('example 2 (%s): the empty draft is repaired once and the review passes it', async (_, load) => {
    expect(await logsOf(load)).toEqual([['passed', repairedChecks]]);
  });
});
