import type { TransportError } from '../errors/errors';
import { retryWaitMs } from './retry-after';

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

/** The default `shouldRetry`: transient failures only. */
export function isTransientFailure(error: TransportError): boolean {
  // 501 Not Implemented is permanent, like the other 4xx.
  const { status } = error;
  // A message past the reader's limit would be past it again: the same answer, the same size.
  if (error.code === 'STREAM_MESSAGE_TOO_LARGE') return false;
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status !== 501);
}

/**
 * Milliseconds to wait before retry number `retry` (1-based): the configured delay, or the
 * response's `Retry-After` (seconds or an HTTP date, at most 60 s) when that is longer.
 */
export function retryDelay(
  options: RetryOptions,
  retry: number,
  error: TransportError,
  headers: Headers | undefined,
): number {
  const configured = typeof options.delayMs === 'function' ? options.delayMs(retry, error) : (options.delayMs ?? 1000);
  return retryWaitMs(configured, headers?.get('retry-after'));
}
