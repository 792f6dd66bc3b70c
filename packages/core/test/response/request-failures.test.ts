import {
  createResponse,
  defineOutput,
  FieldstreamError,
  type ObservationEvent,
  ProviderError,
  type StreamingData,
  TransportError,
} from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { collect, scripted } from './model-helpers';

const output = defineOutput({ summary: ['string', 'one line', 'not_null'] });
const good = '{"summary": "done"}';
const retryReasons = (events: readonly ObservationEvent[]) =>
  events.flatMap((event) => (event.type === 'model.retrying' ? [event.retry_reason] : []));

describe('a failed request is a failed attempt', () => {
  it('retries after a dropped connection and ends with the data', async () => {
    const dropped = new TransportError('socket hang up', 0, '');
    const model = scripted(['{"summary": "hal', { throw: dropped }], [good]);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    expect(await response.getData()).toEqual({ summary: 'done' });
    expect(model.requests).toHaveLength(2);
    expect(retryReasons(response.events)).toEqual(['request_failed']);
    expect(response.events.find((event) => event.type === 'model.request_failed')).toEqual({
      type: 'model.request_failed',
      attempt: 0,
      error: dropped,
    });
    // The model did nothing wrong: the retry repeats the prompt without a correction.
    expect(model.requests[1]?.prompt).toBe(model.requests[0]?.prompt);
    // What streamed before the drop is still there.
    const patches = await collect(response.instant());
    expect(patches.find((event) => event.path === 'summary')).toMatchObject({ delta: 'hal', value: 'hal' });
  });

  it('rejects with the transport error itself once the budget is spent, keeping the streamed data', async () => {
    const drop = (n: number) => new TransportError(`reset ${n}`, 0, '');
    const last = drop(2);
    const model = scripted(['{"summary": "a', { throw: drop(1) }], ['{"summary": "b', { throw: last }]);
    const response = createResponse({ model, input: 'x', output, format: 'json', maxRetries: 1 });
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBe(last);
    expect(last).toMatchObject({ status: 0, rawText: '{"summary": "b', attempt: 1 });
    await expect(response.getText()).rejects.toBe(last);
    expect((await response.getMeta()).status).toBe('error');
    // instant() replays everything that streamed, then reports the failure.
    const seen: StreamingData[] = [];
    await expect(
      (async () => {
        for await (const event of response.instant()) seen.push(event);
      })(),
    ).rejects.toBe(last);
    expect(seen.filter((event) => event.path === 'summary').map((event) => event.value)).toEqual(['a', 'b']);
    expect(retryReasons(response.events)).toEqual(['request_failed']);
  });

  it('retries a provider error (overloaded)', async () => {
    const overloaded = new ProviderError('anthropic', 'overloaded_error', 'Overloaded');
    const model = scripted([{ throw: overloaded }], [good]);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    expect(await response.getData()).toEqual({ summary: 'done' });
    expect(retryReasons(response.events)).toEqual(['request_failed']);
  });

  it.each([400, 401, 404, 422])('does not repeat a request the server refused with %i', async (status) => {
    const refused = new TransportError('refused', status, '{"error":"bad"}');
    const model = scripted([{ throw: refused }], [good]);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    await expect(response.getData()).rejects.toBe(refused);
    expect(model.requests).toHaveLength(1);
    expect(retryReasons(response.events)).toEqual([]);
  });

  it.each([408, 429, 500, 503])('retries status %i', async (status) => {
    const model = scripted([{ throw: new TransportError('try later', status, '') }], [good]);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    expect(await response.getData()).toEqual({ summary: 'done' });
  });

  it('wraps an untyped model failure in a FieldstreamError and does not retry it', async () => {
    const bug = new TypeError('undefined is not a function');
    const model = scripted([{ throw: bug }], [good]);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldstreamError);
    expect(error).toMatchObject({ code: 'MODEL_FAILED', cause: bug, attempt: 0, rawText: '' });
    expect(model.requests).toHaveLength(1);
  });

  it('treats a model that throws before streaming like one that fails while streaming', async () => {
    let calls = 0;
    const model = () => {
      calls++;
      if (calls === 1) throw new TransportError('no route to host', 0, '');
      return (async function* () {
        yield { type: 'text' as const, delta: good };
      })();
    };
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    expect(await response.getData()).toEqual({ summary: 'done' });
    expect(calls).toBe(2);
  });
});
