import type { FieldStore, FieldStoreState, FieldstreamError, ResponseStatus } from '@fieldstream/core';
import { type HookOptions, useStoreSelection } from './use-field-store';

/**
 * The latest retry of a response: the attempt it runs (`attempt`, 0-based like every attempt: 1
 * for the first retry; show `attempt + 1`), why (`reason`, a code such as `validation_failed`),
 * the failure in words when the response sends it (`message`), the wait before it (`delayMs`) and
 * the retried attempt's format.
 */
export type RetryInfo = NonNullable<FieldStoreState['retry']>;

/** Where a response stands. */
export type StatusSnapshot = {
  /**
   * `retrying` from a rejected or failed attempt until the retried attempt's first patch, so it
   * renders even when the retry and the new attempt's start arrive together.
   */
  readonly status: ResponseStatus;
  /**
   * The current attempt, 0-based: the first attempt is 0; show `attempt + 1` ("attempt 1"). Higher
   * after retries; already the retried one while `retrying`.
   */
  readonly attempt: number;
  readonly error: FieldstreamError | undefined;
  /** The latest retry (`undefined` before the first); it stays after the retry, until the next one. */
  readonly retry: RetryInfo | undefined;
  /**
   * Set while a resumable patch stream's connection is down and being reopened (reconnection
   * `retry`, after `delayMs`); `undefined` while connected. Show the gap: `status` keeps what the
   * response was doing.
   */
  readonly reconnecting: FieldStoreState['reconnecting'];
};

const selectStatus = (state: FieldStoreState<unknown>): StatusSnapshot => ({
  status: state.status,
  attempt: state.attempt,
  error: state.error,
  retry: state.retry,
  reconnecting: state.reconnecting,
});

// The store keeps the retry record's identity until it changes.
const sameStatus = (a: StatusSnapshot, b: StatusSnapshot): boolean =>
  a.status === b.status &&
  a.attempt === b.attempt &&
  a.error === b.error &&
  a.retry === b.retry &&
  a.reconnecting === b.reconnecting;

/** The response's status, attempt, error and latest retry; re-renders only when one of them changes. */
export function useStreamStatus<Data>(store: FieldStore<Data>, options: HookOptions = {}): StatusSnapshot {
  return useStoreSelection('useStreamStatus', store, selectStatus, { ...options, equals: sameStatus });
}
