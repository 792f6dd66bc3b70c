import type { TransportError } from '../errors/errors';
import { MAX_RETRY_AFTER_MS, MAX_TIMER_MS, retryAfterMs } from './retry-after';

/**
 * How long to wait before retry number n: the one schedule behind `fetchEventStream`'s opening
 * retries (`retry`), a response's waits after a transport failure (`createResponse`'s `retry`,
 * response/retry-policy.ts) and `fromPatchStream`'s reconnections (`resume`,
 * patch-stream/resume-options.ts). Each resolves its own options into this shape, with its own
 * defaults, and waits {@link backoffDelayMs}.
 */
export type Backoff = {
  /** The wait before the first retry, in milliseconds. */
  readonly baseDelayMs: number;
  /** Each later wait is this many times the previous one (1: the same wait every time). */
  readonly factor: number;
  /** The longest backoff, in milliseconds. */
  readonly maxDelayMs: number;
  /** The share of each backoff drawn at random (0 to 1), so that many clients do not retry in step. */
  readonly jitter: number;
  /**
   * The most a server's `Retry-After` may raise the wait to, in milliseconds (0: it is ignored). It
   * never asks more than {@link MAX_RETRY_AFTER_MS}, whatever this says.
   */
  readonly maxRetryAfterMs: number;
};

/**
 * Milliseconds to wait before retry number `retry` (1 for the first): the backoff
 * `baseDelayMs × factor^(retry − 1)` capped at `maxDelayMs`, minus up to `jitter` of it at random,
 * raised to what `retryAfter` asks (capped at `maxRetryAfterMs`).
 *
 * Invariants, for any numbers at all (test/transport/retry-policy.property.test.ts checks them):
 * 1. The result is a whole number of milliseconds in [0, {@link MAX_TIMER_MS}]: a timer keeps it,
 *    never fires early. NaN and −Infinity count as 0, Infinity as the timer maximum.
 * 2. It is never below the backoff floor (the capped backoff less its whole jitter share), nor below
 *    the server's ask up to `maxRetryAfterMs`.
 * 3. It is never above `maxDelayMs`, unless the server asked for more, and then never above what
 *    `maxRetryAfterMs` and {@link MAX_RETRY_AFTER_MS} let it ask.
 */
export function backoffDelayMs(
  backoff: Backoff,
  retry: number,
  retryAfter: string | null | undefined,
  now: number = Date.now(),
  random: () => number = Math.random,
): number {
  const { baseDelayMs, factor, maxDelayMs, jitter, maxRetryAfterMs } = backoff;
  const grown = wholeMs(Math.min(maxDelayMs, baseDelayMs * factor ** (retry - 1)));
  // The share taken off, kept in [0, 1] (NaN as 0) whatever the options and the random source say.
  const cut = Math.min(1, Math.max(0, jitter * random())) || 0;
  return Math.max(Math.round(grown * (1 - cut)), Math.min(wholeMs(maxRetryAfterMs), retryAfterMs(retryAfter, now)));
}

/** A wait the caller chose for this retry (a number, or what its function returned): no growth, no jitter. */
export function fixedBackoff(delayMs: number): Backoff {
  return { baseDelayMs: delayMs, factor: 1, maxDelayMs: MAX_TIMER_MS, jitter: 0, maxRetryAfterMs: MAX_RETRY_AFTER_MS };
}

/** `ms` rounded and kept in [0, MAX_TIMER_MS]; NaN counts as 0. */
function wholeMs(ms: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, Math.round(ms)) || 0);
}

/**
 * Opt-in retries for opening an event stream. Without this option nothing is ever re-sent: a
 * POST that starts a generation is a paid request, so re-sending it is the caller's decision.
 * Only opening the stream is retried (no response, or an error status). Once events have
 * arrived, a failure is reported and never retried here, so no output is duplicated.
 */
export type RetryOptions = {
  /** How many more times to try after the first failure. */
  attempts: number;
  /**
   * Wait before each retry in milliseconds (default 1000), or a function of the retry number
   * (1 for the first retry) and the error. A `Retry-After` header (seconds or an HTTP date) wins when
   * larger, up to 60 s. A wait below 0 or NaN counts as 0, one past
   * 2^31 − 1 ms (what a timer keeps) as 2^31 − 1.
   */
  delayMs?: number | ((retry: number, error: TransportError) => number);
  /**
   * Which failures to retry. Default: no response at all (status 0), 408, 429 and 5xx except 501. Other
   * 4xx (bad request, auth, not found) are never retried by default: the same request would fail
   * the same way.
   */
  shouldRetry?: (error: TransportError) => boolean;
};

/** The default `shouldRetry`, and what a response and a reconnecting reader retry: transient failures only. */
export function isTransientFailure(error: TransportError): boolean {
  // 501 Not Implemented is permanent, like the other 4xx.
  const { status } = error;
  // A message past the reader's limit would be past it again: the same answer, the same size.
  if (error.code === 'STREAM_MESSAGE_TOO_LARGE') return false;
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status !== 501);
}

/**
 * Milliseconds to wait before opening retry number `retry` (1-based): the configured delay, or the
 * response's `Retry-After` (at most 60 s) when that is longer. The same wait every time by default,
 * not a growing one: these retries are opt-in and counted by the caller, who picks each wait with a
 * `delayMs` function when it should grow.
 */
export function retryDelay(
  options: RetryOptions,
  retry: number,
  error: TransportError,
  headers: Headers | undefined,
): number {
  const configured = typeof options.delayMs === 'function' ? options.delayMs(retry, error) : (options.delayMs ?? 1000);
  return backoffDelayMs(fixedBackoff(configured), retry, headers?.get('retry-after'));
}
