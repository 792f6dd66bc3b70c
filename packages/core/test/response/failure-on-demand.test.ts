// A rejected answer's errors, observations and correction wording load on demand (decision 0013).
// The module is held back here until the test lets it load, to pin what an abort meanwhile does.
import { AbortError, createResponse, defineOutput, type ResponseEvent } from '@fieldstream/core';
import { describe, expect, it, vi } from 'vitest';
import { deferred, scripted } from './model-helpers';

const gate = deferred();
const requested = deferred();
vi.mock('../../src/response/attempt-failure', async (original) => {
  requested.resolve();
  await gate.promise;
  return original();
});

const output = defineOutput({ summary: ['string', 'one line', 'not_null'] });

describe('the failure module loads on demand', () => {
  it('an abort while it loads settles as aborted: no failure is reported, no retry is sent', async () => {
    const model = scripted(['{"summary": null}'], ['{"summary": "ok"}']);
    const response = createResponse({
      model,
      input: 'x',
      output,
      format: 'json',
      maxRetries: 1,
      earlyValidation: false,
    });
    const history: ResponseEvent[] = [];
    response.subscribe((event) => history.push(event));
    response.start();
    await requested.promise;
    response.abort('user left');
    gate.resolve();
    await expect(response.getData()).rejects.toBeInstanceOf(AbortError);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(model.requests).toHaveLength(1);
    expect(response.status).toBe('aborted');
    expect(history.at(-1)).toEqual({ type: 'aborted', attempt: 0 });
    expect(response.events.map((event) => event.type)).toEqual([
      'model.requesting',
      'model.completed',
      'model.aborted',
    ]);
    // Once loaded, a rejected answer is retried with its correction as before.
    const next = scripted(['{"summary": null}'], ['{"summary": "ok"}']);
    const retried = createResponse({
      model: next,
      input: 'x',
      output,
      format: 'json',
      maxRetries: 1,
      earlyValidation: false,
    });
    expect(await retried.getData()).toEqual({ summary: 'ok' });
    expect(next.requests[1]?.prompt).toContain('Required fields are missing or empty: summary');
  });
});
