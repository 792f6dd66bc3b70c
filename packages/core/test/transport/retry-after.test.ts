// Security issue 45, case 6: a delay a server asks for is clamped before it reaches a timer. Past
// 2^31 − 1 ms a timer fires at once (Node; fake timers do the same), so an unclamped
// `Retry-After: 99999999` made a client retry at once instead of after a long wait.
import { fetchEventStream, type TransportError } from '@fieldstream/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RETRY_AFTER_MS, MAX_TIMER_MS, retryAfterMs } from '../../src/transport/retry-after';
import { backoffDelayMs, fixedBackoff } from '../../src/transport/retry-policy';
import { collect } from './local-server';

const NOW = Date.parse('2026-01-01T00:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch whose first answer is 503 with `retryAfter`, then an event stream. */
function busyOnce(retryAfter: string) {
  const fetch = vi.fn(async () =>
    fetch.mock.calls.length === 1
      ? new Response('busy', { status: 503, headers: { 'retry-after': retryAfter } })
      : new Response('data: ok\n\n', { headers: { 'content-type': 'text/event-stream' } }),
  );
  return fetch;
}

/** How long `fetchEventStream` waited before its one retry, to the millisecond. */
async function waitBeforeRetry(
  retryAfter: string,
  delayMs: number | ((retry: number, error: TransportError) => number),
  expected: number,
): Promise<void> {
  const fetch = busyOnce(retryAfter);
  const done = collect(fetchEventStream('http://x.test/', { fetch, retry: { attempts: 1, delayMs } }));
  if (expected > 0) {
    await vi.advanceTimersByTimeAsync(expected - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
  }
  await vi.advanceTimersByTimeAsync(expected > 0 ? 1 : 0);
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(await done).toEqual([{ event: 'message', data: 'ok', id: '' }]);
}

describe('fetchEventStream retry: a Retry-After past the ceiling waits the ceiling, not 1 ms', () => {
  it.each([
    ['99999999', 'seconds past the timer range'],
    ['4294967', 'seconds just past 2^32 ms'],
    ['Fri, 01 Jan 2100 00:00:00 GMT', 'a date in 2100'],
    ['9'.repeat(400), 'seconds past Number.MAX_VALUE'],
  ])('Retry-After: %s (%s) waits exactly 60 000 ms', async (retryAfter) => {
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
    await waitBeforeRetry(retryAfter, 10, 60_000);
  });

  it('never waits less than its own backoff, even past the ceiling', async () => {
    await waitBeforeRetry('99999999', 90_000, 90_000);
    await waitBeforeRetry('5', 7000, 7000);
    await waitBeforeRetry('5', 1000, 5000);
  });

  it('a Retry-After that is not delay-seconds or an HTTP-date is ignored: the backoff stands', async () => {
    for (const junk of ['+5', '1e9', '1.5', '-5', 'Infinity', 'NaN', 'soon 2100', '0x10', '1 2'])
      await waitBeforeRetry(junk, 250, 250);
  });

  it('a delayMs function returning nonsense still gives a timer a delay it keeps', async () => {
    await waitBeforeRetry('', () => Number.NaN, 0);
    await waitBeforeRetry('', () => -5, 0);
    await waitBeforeRetry('', () => 1.6, 2);
    await waitBeforeRetry('', () => Number.POSITIVE_INFINITY, MAX_TIMER_MS);
    await waitBeforeRetry('', () => 1e12, MAX_TIMER_MS);
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and the three HTTP-date forms, clamped to [0, 60 000]', () => {
    expect(retryAfterMs('0', NOW)).toBe(0);
    expect(retryAfterMs(' 2\t', NOW)).toBe(2000);
    expect(retryAfterMs('00060', NOW)).toBe(60_000);
    expect(retryAfterMs('61', NOW)).toBe(60_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:07 GMT', NOW)).toBe(7000);
    expect(retryAfterMs('Thursday, 01-Jan-26 00:00:08 GMT', NOW)).toBe(8000);
    expect(retryAfterMs('Thu Jan  1 00:00:09 2026', NOW)).toBe(9000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', NOW)).toBe(0);
    expect(retryAfterMs('Sat, 01 Jan 1000 00:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterMs('Fri, 01 Jan 2100 00:00:00 GMT', NOW)).toBe(60_000);
    expect(retryAfterMs('Sat, 13 Sep 275760 00:00:01 GMT', NOW)).toBe(0);
    for (const junk of [undefined, null, '', ' ', 'soon', '-5', '+5', '1.5', '1e9', 'Infinity', 'NaN', 'soon 2100'])
      expect(retryAfterMs(junk, NOW)).toBe(0);
  });
});

/** The wait before a retry whose own backoff is `backoff`, as a user's `delayMs` sets it. */
const fixedWait = (backoff: number, retryAfter: string | null | undefined, now: number): number =>
  backoffDelayMs(fixedBackoff(backoff), 1, retryAfter, now);

describe('backoffDelayMs with a fixed backoff', () => {
  it('raises the backoff to the server ask, and keeps the backoff in the timer range', () => {
    expect(fixedWait(500, '3', NOW)).toBe(3000);
    expect(fixedWait(5000, '3', NOW)).toBe(5000);
    expect(fixedWait(500, '99999999', NOW)).toBe(60_000);
    expect(fixedWait(120_000, '99999999', NOW)).toBe(120_000);
    expect(fixedWait(Number.NaN, undefined, NOW)).toBe(0);
    expect(fixedWait(Number.NEGATIVE_INFINITY, '1', NOW)).toBe(1000);
    expect(fixedWait(Number.POSITIVE_INFINITY, '1', NOW)).toBe(MAX_TIMER_MS);
    expect(fixedWait(2 ** 32 + 5, null, NOW)).toBe(MAX_TIMER_MS);
    expect(fixedWait(0.4, null, NOW)).toBe(0);
  });
});
