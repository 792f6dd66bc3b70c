// What a rejected answer reports when no retry follows: the error getData() throws, the store's
// `error` event (always a FieldstreamError) and the observation log's model.failed.
import { createResponse, defineOutput, EnsureError, FieldstreamError, type ResponseEvent } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { scripted } from './model-helpers';

const output = defineOutput({ summary: ['string', 'one line', 'not_null'] });

function run(answer: string[], options: object = {}) {
  const response = createResponse({
    model: scripted(answer),
    input: 'x',
    output,
    format: 'json',
    maxRetries: 0,
    ...options,
  });
  const errors: unknown[] = [];
  response.subscribe((event: ResponseEvent) => {
    if (event.type === 'error') errors.push(event.error);
  });
  return { response, errors };
}

describe('a rejected answer without a retry', () => {
  it("a validator's own error is thrown as is and reported wrapped as VALIDATION_RAISED", async () => {
    const custom = new RangeError('quota exceeded');
    const { response, errors } = run(['{"summary": "a"}'], { validate: () => ({ ok: false, raise: custom }) });
    await expect(response.getData()).rejects.toBe(custom);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(FieldstreamError);
    expect(errors[0]).toMatchObject({ code: 'VALIDATION_RAISED', message: 'quota exceeded', cause: custom });
    expect(response.events.at(-1)).toEqual({ type: 'model.failed', attempt: 0, error: custom });
  });

  it('a FieldstreamError a validator raises is thrown and reported as the same object', async () => {
    const typed = new FieldstreamError('MY_CODE', 'nope');
    const { response, errors } = run(['{"summary": "a"}'], { validate: () => ({ ok: false, raise: typed }) });
    await expect(response.getData()).rejects.toBe(typed);
    expect(errors).toEqual([typed]);
    expect(errors[0]).toBe(typed);
  });

  it('an ensure failure throws the EnsureError it reports, with the raw text and attempt', async () => {
    const { response, errors } = run(['{"summary": null}']);
    const error = await response.getData().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EnsureError);
    expect(error).toMatchObject({ code: 'ENSURE_FAILED', rawText: '{"summary": null}', attempt: 0 });
    expect(errors).toEqual([error]);
  });
});
