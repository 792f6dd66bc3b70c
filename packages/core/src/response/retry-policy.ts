import { checkObject, invalid } from '../errors/check-argument';
import { type FieldstreamError, ProviderError, TransportError } from '../errors/errors';
import { sleep } from '../transport/abort';
import { backoffDelayMs, isTransientFailure } from '../transport/retry-policy';

/**
 * How a response waits before it sends a request again after a transport failure (a dropped
 * connection, 408, 429, a 5xx other than 501, or a provider error inside the stream): exponential
 * backoff with jitter, and never sooner than the server's `Retry-After`. Parse and validation
 * failures are retried at once (the model, not the server, was the problem). Other 4xx and 501
 * are never retried: the same request would fail the same way. The retries come out of the one
 * `maxRetries` budget. Waiting is aborted by `abort()` / the response's `signal`.
 */
export type RetryPolicy = {
  /** The wait before the first retry, in milliseconds. Default 500. */
  baseDelayMs?: number;
  /** Each later wait is this many times the previous one. Default 2. */
  factor?: number;
  /**
   * The longest wait in milliseconds, also the most a `Retry-After` can ask for (which never asks
   * more than 60 000). Default 30 000. A timer keeps at most 2^31 − 1 ms: a larger value waits that long.
   */
  maxDelayMs?: number;
  /**
   * The share of each backoff drawn at random, so that many clients do not retry in step: 0.5
   * waits between half and all of it. 0 (no jitter) to 1. Default 0.5.
   */
  jitter?: number;
  /**
   * Wait at least what a `Retry-After` header asks (seconds or an HTTP date), up to `maxDelayMs` and
   * never more than 60 s. Default true.
   */
  respectRetryAfter?: boolean;
};

export type ResolvedRetryPolicy = Required<RetryPolicy>;

// A response retries on its own, for every user of a provider at once: the backoff grows and is
// jittered so that a provider's outage is not met by retries in step, and `maxDelayMs` also caps
// what a server asks, because a UI is waiting (fetchEventStream's and fromPatchStream's waits,
// transport/retry-policy.ts and patch-stream/resume-options.ts, let a server ask up to a minute).
export const DEFAULT_RETRY_POLICY: ResolvedRetryPolicy = Object.freeze({
  baseDelayMs: 500,
  factor: 2,
  maxDelayMs: 30_000,
  jitter: 0.5,
  respectRetryAfter: true,
});

/** The policy with its defaults; an `ArgumentError` for a value out of range. */
export function resolveRetryPolicy(policy: unknown, where = 'createResponse options.retry'): ResolvedRetryPolicy {
  if (policy === undefined) return DEFAULT_RETRY_POLICY;
  checkObject(where, policy);
  const resolved = { ...DEFAULT_RETRY_POLICY, ...policy } as ResolvedRetryPolicy;
  const number = (key: keyof RetryPolicy, ok: (value: number) => boolean, expected: string): void => {
    const value = resolved[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || !ok(value)) {
      throw invalid(`${where}.${key}`, expected, policy[key]);
    }
  };
  number('baseDelayMs', (value) => value >= 0, 'a finite number ≥ 0');
  number('factor', (value) => value >= 1, 'a finite number ≥ 1');
  number('maxDelayMs', (value) => value >= 0, 'a finite number ≥ 0');
  number('jitter', (value) => value >= 0 && value <= 1, 'a number from 0 to 1');
  if (typeof resolved.respectRetryAfter !== 'boolean') {
    throw invalid(`${where}.respectRetryAfter`, 'true or false', policy.respectRetryAfter);
  }
  return resolved;
}

/** A failure worth sending the same request again for: the connection or the server's load, not the request. */
export function isRetryableRequestError(error: FieldstreamError): boolean {
  return error instanceof ProviderError || (error instanceof TransportError && isTransientFailure(error));
}

/**
 * Milliseconds to wait before retry number `retry` (1 for the first) after `error`: the backoff
 * `baseDelayMs × factor^(retry − 1)` capped at `maxDelayMs`, minus up to `jitter` of it at random,
 * raised to the error's `Retry-After` (capped at `maxDelayMs` too, and at 60 s), in whole
 * milliseconds a timer keeps (`backoffDelayMs`, transport/retry-policy.ts).
 */
export function retryDelayMs(
  policy: ResolvedRetryPolicy,
  retry: number,
  error: unknown,
  now: number = Date.now(),
  random: () => number = Math.random,
): number {
  const { baseDelayMs, factor, maxDelayMs, jitter, respectRetryAfter } = policy;
  const backoff = { baseDelayMs, factor, maxDelayMs, jitter, maxRetryAfterMs: respectRetryAfter ? maxDelayMs : 0 };
  const retryAfter = error instanceof TransportError ? error.retryAfter : undefined;
  return backoffDelayMs(backoff, retry, retryAfter, now, random);
}

/** Waits `ms` (a plain timer, so fake timers drive it); false when `signal` aborts first. */
export async function waitBeforeRetry(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0) return !signal.aborted;
  try {
    await sleep(ms, signal);
    return true;
  } catch {
    return false;
  }
}
