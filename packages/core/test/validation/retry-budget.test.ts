import {
  createResponse,
  defineOutput,
  EnsureError,
  type ObservationEvent,
  OutputParseError,
  TransportError,
} from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { oneRetryObservations } from '../behaviour/behaviour-cases';
import { scripted } from '../response/model-helpers';

const output = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  items: [{ name: ['string', 'item name', 'not_null'] }],
});
const missingName = '{"summary": "s", "items": [{"name": "a"}, {"name": null}]}';
const good = '{"summary": "s", "items": [{"name": "a"}]}';
const types = (events: readonly ObservationEvent[]) => events.map((event) => event.type);
const retryReasons = (events: readonly ObservationEvent[]) =>
  events.flatMap((event) => (event.type === 'model.retrying' ? [event.retry_reason] : []));

describe('the shared retry budget', () => {
  it('retries an ensure failure and ends with validated data', async () => {
    const model = scripted([missingName], [good]);
    // The ensure stage at the end; a field rejected while streaming: test/early-validation/.
    const response = createResponse({ model, input: 'x', output, format: 'json', earlyValidation: false });
    expect(await response.getData()).toEqual({ summary: 's', items: [{ name: 'a' }] });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.prompt).toContain(
      '[OUTPUT CORRECTION]\nYour previous answer could not be accepted: Required fields are missing or empty: items[1].name is null\n',
    );
    expect(types(response.events)).toEqual(oneRetryObservations);
  });

  it('throws an EnsureError with the raw text and attempt when the budget runs out', async () => {
    const model = scripted([missingName], [missingName], [missingName]);
    const response = createResponse({
      model,
      input: 'x',
      output,
      format: 'json',
      maxRetries: 2,
      earlyValidation: false,
    });
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EnsureError);
    expect(error).toMatchObject({
      failures: [{ path: 'items[*].name', level: 'not_null', reason: 'items[1].name is null' }],
      rawText: missingName,
      attempt: 2,
    });
    expect(model.requests).toHaveLength(3);
    // A retry event for each retry that followed, none after the last attempt.
    expect(retryReasons(response.events)).toEqual(['ensure_failed', 'ensure_failed']);
    expect(types(response.events).slice(-2)).toEqual(['model.validation_failed', 'model.failed']);
  });

  it('returns the latest data instead when raiseEnsureFailure is off', async () => {
    const model = scripted([missingName], ['{"summary": "", "items": [{"name": "a"}]}']);
    const response = createResponse({
      model,
      input: 'x',
      output,
      earlyValidation: false,
      format: 'json',
      maxRetries: 1,
      raiseEnsureFailure: false,
    });
    expect(await response.getData()).toEqual({ summary: '', items: [{ name: 'a' }] });
    expect(retryReasons(response.events)).toEqual(['ensure_failed']);
    expect(response.events.at(-1)).toEqual({ type: 'model.done', attempt: 1, validated: false });
    expect(await response.getMeta()).toMatchObject({ attempts: 2, status: 'done' });
  });

  it('maxRetries 0 makes one request and emits no model.retrying', async () => {
    const model = scripted([missingName], [good]);
    const response = createResponse({ model, input: 'x', output, format: 'json', maxRetries: 0 });
    await expect(response.getData()).rejects.toBeInstanceOf(EnsureError);
    expect(model.requests).toHaveLength(1);
    expect(retryReasons(response.events)).toEqual([]);
  });

  it('shares one budget between parse, request and ensure failures', async () => {
    const dropped = new TransportError('connection reset', 0, '');
    const model = scripted(['I cannot do that.'], ['{"summ', { throw: dropped }], [missingName], [good]);
    const response = createResponse({
      model,
      input: 'x',
      output,
      format: 'json',
      maxRetries: 2,
      earlyValidation: false,
    });
    await expect(response.getData()).rejects.toBeInstanceOf(EnsureError);
    expect(model.requests).toHaveLength(3);
    expect(retryReasons(response.events)).toEqual(['parse_failed', 'request_failed']);
  });

  it('the default budget is 3 retries (4 attempts)', async () => {
    const model = scripted([missingName], [missingName], [missingName], [missingName], [good]);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    await expect(response.getData()).rejects.toBeInstanceOf(EnsureError);
    expect(model.requests.map((request) => request.attempt)).toEqual([0, 1, 2, 3]);
  });

  it('parse failures that exhaust the budget throw OutputParseError with the raw text, even without raising', async () => {
    const model = scripted(['No JSON here.'], ['Still none.']);
    const response = createResponse({
      model,
      input: 'x',
      output,
      format: 'json',
      maxRetries: 1,
      raiseEnsureFailure: false,
    });
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputParseError);
    expect(error).toMatchObject({ rawText: 'Still none.', attempt: 1, format: 'json' });
    expect(model.requests[1]?.prompt).toContain(
      'could not be accepted: Could not parse the json output: no JSON object or array found in the text',
    );
  });

  it('ensureAllKeys rejects a missing schema key before the ensure check', async () => {
    const model = scripted(['{"items": []}'], ['{"summary": "s", "items": [{"name": "n"}]}']);
    const loose = defineOutput({ summary: ['string'], items: [{ name: ['string'] }] });
    const response = createResponse({ model, input: 'x', output: loose, format: 'json', ensureAllKeys: true });
    expect(await response.getData()).toEqual({ summary: 's', items: [{ name: 'n' }] });
    expect(retryReasons(response.events)).toEqual(['strict_shape_failed']);
    expect(model.requests[1]?.prompt).toContain('Every key of the output must be present: summary is missing');
  });

  it('without ensureAllKeys a missing unensured key is fine', async () => {
    const loose = defineOutput({ summary: ['string'], items: [{ name: ['string'] }] });
    const response = createResponse({ model: scripted(['{"items": []}']), input: 'x', output: loose, format: 'json' });
    expect(await response.getData()).toEqual({ items: [] });
  });

  it('rejects a negative or fractional maxRetries at once', () => {
    const model = scripted();
    expect(() => createResponse({ model, input: 'x', maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => createResponse({ model, input: 'x', maxRetries: 1.5 })).toThrow(/maxRetries/);
  });
});
