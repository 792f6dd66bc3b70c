import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArgumentError } from '../../src/errors/argument-error';
import { OutputParseError, ProviderError, TransportError } from '../../src/errors/errors';
import type { Model, ModelEvent } from '../../src/providers/model';
import { createResponse } from '../../src/response/create-response';
import {
  DEFAULT_RETRY_POLICY,
  isRetryableRequestError,
  resolveRetryPolicy,
  retryDelayMs,
} from '../../src/response/retry-policy';
import { fetchEventStream } from '../../src/transport/fetch-event-stream';
import { retryAfterMs } from '../../src/transport/retry-after';

const http = (status: number, retryAfter?: string) =>
  new TransportError(`HTTP ${status}`, status, '', { url: 'http://model.test', retryAfter });

/** A model whose first `failures.length` calls throw the given errors, then answers `answer`. */
function failingModel(failures: readonly Error[], answer = 'ok'): Model & { calls: number[] } {
  const calls: number[] = [];
  const model = async function* (): AsyncGenerator<ModelEvent> {
    calls.push(Date.now());
    const failure = failures[calls.length - 1];
    if (failure !== undefined) throw failure;
    yield { type: 'text', delta: answer };
  };
  return Object.assign(model, { calls });
}

describe('retryDelayMs', () => {
  const policy = resolveRetryPolicy({ jitter: 0 });

  it('doubles from 500 ms and stops at maxDelayMs (no jitter)', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((retry) => retryDelayMs(policy, retry, http(503)));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('jitter takes up to its share off the backoff, never more (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (retry, jitter, random) => {
          const resolved = resolveRetryPolicy({ jitter });
          const backoff = Math.min(30_000, 500 * 2 ** (retry - 1));
          const delay = retryDelayMs(resolved, retry, http(0), 0, () => random);
          expect(delay).toBeLessThanOrEqual(backoff);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(backoff * (1 - jitter)));
        },
      ),
    );
  });

  it('waits at least Retry-After, in seconds or as an HTTP date, capped at maxDelayMs', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryDelayMs(policy, 1, http(429, '3'), now)).toBe(3000);
    expect(retryDelayMs(policy, 1, http(503, 'Thu, 01 Jan 2026 00:00:07 GMT'), now)).toBe(7000);
    expect(retryDelayMs(policy, 1, http(429, '120'), now)).toBe(30_000);
    expect(retryDelayMs(resolveRetryPolicy({ maxDelayMs: 2000 }), 1, http(429, '120'), now)).toBe(2000);
    // A Retry-After shorter than the backoff does not shorten it; ignoring it is an option.
    expect(retryDelayMs(policy, 3, http(429, '1'), now)).toBe(2000);
    expect(retryDelayMs(resolveRetryPolicy({ jitter: 0, respectRetryAfter: false }), 1, http(429, '9'), now)).toBe(500);
  });

  it('parses Retry-After values', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 2 ', now)).toBe(2000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:01 GMT', now)).toBe(1000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    for (const junk of [undefined, null, '', 'soon', '-5', '1.5']) expect(retryAfterMs(junk, now)).toBe(0);
  });

  it('rejects an invalid policy with an ArgumentError naming the option', () => {
    expect(resolveRetryPolicy(undefined)).toBe(DEFAULT_RETRY_POLICY);
    for (const [policy, key] of [
      [{ jitter: 2 }, 'jitter'],
      [{ baseDelayMs: -1 }, 'baseDelayMs'],
      [{ factor: 0.5 }, 'factor'],
      [{ maxDelayMs: Number.NaN }, 'maxDelayMs'],
      [{ respectRetryAfter: 'yes' }, 'respectRetryAfter'],
    ] as const) {
      expect(() => resolveRetryPolicy(policy)).toThrowError(ArgumentError);
      expect(() => resolveRetryPolicy(policy)).toThrowError(`createResponse options.retry.${key} must be`);
    }
    expect(() => createResponse({ model: failingModel([]), input: 'x', retry: { jitter: -1 } as never })).toThrowError(
      expect.objectContaining({ code: 'RESPONSE_OPTIONS_INVALID' }),
    );
  });
});

describe('which failures are retried', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [422, false],
    [501, false],
  ])('HTTP %i → %s', (status, retried) => {
    expect(isRetryableRequestError(http(status))).toBe(retried);
  });

  it('provider errors in the stream are; parse errors are not request failures', () => {
    expect(isRetryableRequestError(new ProviderError('p', 'overloaded_error', 'busy'))).toBe(true);
    expect(isRetryableRequestError(new OutputParseError('json', 'x', { rawText: '' }))).toBe(false);
  });

  it('a TransportError from fetchEventStream carries the Retry-After header', async () => {
    const fetch = async () => new Response('slow down', { status: 429, headers: { 'retry-after': '2' } });
    const stream = fetchEventStream('http://model.test/', { fetch, body: '{}' });
    await expect(stream.next()).rejects.toMatchObject({ name: 'TransportError', status: 429, retryAfter: '2' });
  });
});

describe('a response backs off between attempts (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('429 with Retry-After: 1 sends one request, waits 1 s, then the next', async () => {
    const model = failingModel([http(429, '1')]);
    const response = createResponse({ model, input: 'x', format: 'text', retry: { jitter: 0 } });
    const statuses: unknown[] = [];
    response.subscribe((event) => {
      if (event.type === 'status') statuses.push([event.status, event.retryDelayMs]);
    });
    const data = response.getData();
    await vi.advanceTimersByTimeAsync(999);
    expect(model.calls).toHaveLength(1);
    expect(response.status).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1);
    expect(await data).toBe('ok');
    expect(model.calls.map((at) => at - (model.calls[0] ?? 0))).toEqual([0, 1000]);
    expect(response.events.find((event) => event.type === 'model.retrying')).toMatchObject({
      retry_reason: 'request_failed',
      delay_ms: 1000,
    });
    expect(statuses).toEqual([
      ['streaming', undefined],
      ['retrying', 1000],
      ['streaming', undefined],
      ['validating', undefined],
      ['done', undefined],
    ]);
  });

  it('5xx and dropped connections back off exponentially within one maxRetries budget', async () => {
    const model = failingModel([http(500), http(0), http(503)]);
    const response = createResponse({ model, input: 'x', format: 'text', retry: { jitter: 0 }, maxRetries: 3 });
    const data = response.getData();
    await vi.runAllTimersAsync();
    expect(await data).toBe('ok');
    const start = model.calls[0] ?? 0;
    expect(model.calls.map((at) => at - start)).toEqual([0, 500, 1500, 3500]);
    expect(response.events.flatMap((event) => (event.type === 'model.retrying' ? [event.delay_ms] : []))).toEqual([
      500, 1000, 2000,
    ]);
  });

  it.each([400, 401, 404, 422, 501])('HTTP %i is never retried', async (status) => {
    const model = failingModel([http(status)]);
    const response = createResponse({ model, input: 'x', format: 'text' });
    const outcome = response.getData().catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await outcome).toMatchObject({ name: 'TransportError', status });
    expect(model.calls).toHaveLength(1);
    expect(response.events.some((event) => event.type === 'model.retrying')).toBe(false);
  });

  it('abort during the wait ends the response at once, with no further request and no timer left', async () => {
    const model = failingModel([http(503, '30')]);
    const response = createResponse({ model, input: 'x', format: 'text' });
    const outcome = response.getData().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(response.status).toBe('retrying');
    response.abort('user left');
    expect(await outcome).toMatchObject({ name: 'AbortError', message: 'user left' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(model.calls).toHaveLength(1);
    expect(response.status).toBe('aborted');
  });

  // Security issue 45, case 6: past 2^31 − 1 ms a timer fires at once, so an unclamped ask retried at once.
  it.each(['99999999', '4294967', 'Fri, 01 Jan 2100 00:00:00 GMT'])(
    'Retry-After: %s sets the retry delay to exactly 60 000 ms, even when maxDelayMs allows more',
    async (retryAfter) => {
      const model = failingModel([http(503, retryAfter)]);
      const retry = { jitter: 0, maxDelayMs: 1e10 };
      const response = createResponse({ model, input: 'x', format: 'text', retry });
      const data = response.getData();
      await vi.advanceTimersByTimeAsync(59_999);
      expect(model.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await data).toBe('ok');
      expect(model.calls.map((at) => at - (model.calls[0] ?? 0))).toEqual([0, 60_000]);
      expect(response.events.find((event) => event.type === 'model.retrying')).toMatchObject({ delay_ms: 60_000 });
    },
  );

  it('never waits less than the backoff, and a backoff past the timer range waits 2^31 − 1 ms', async () => {
    const model = failingModel([http(503, '99999999'), http(503, '1')]);
    const retry = { jitter: 0, baseDelayMs: 90_000, factor: 1e6, maxDelayMs: 1e15 };
    const response = createResponse({ model, input: 'x', format: 'text', retry, maxRetries: 2 });
    const data = response.getData();
    await vi.runAllTimersAsync();
    expect(await data).toBe('ok');
    const start = model.calls[0] ?? 0;
    expect(model.calls.map((at) => at - start)).toEqual([0, 90_000, 90_000 + 2 ** 31 - 1]);
    expect(response.events.flatMap((event) => (event.type === 'model.retrying' ? [event.delay_ms] : []))).toEqual([
      90_000,
      2 ** 31 - 1,
    ]);
  });

  it('a bad answer is asked again at once: delay 0', async () => {
    let call = 0;
    const model: Model = async function* () {
      call++;
      yield { type: 'text', delta: call === 1 ? 'not json' : '{"a": 1}' };
    };
    const response = createResponse({ model, input: 'x', format: 'json' });
    const data = response.getData();
    await vi.advanceTimersByTimeAsync(0);
    expect(await data).toEqual({ a: 1 });
    expect(response.events.find((event) => event.type === 'model.retrying')).toMatchObject({
      retry_reason: 'parse_failed',
      delay_ms: 0,
    });
  });
});
