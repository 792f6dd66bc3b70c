import type { FieldStore, FieldStoreState } from '@fieldstream/core';
import { type WatchOptions, watchFieldStore } from './watch-field-store';

/**
 * Where a response stands (React's `StatusSnapshot`): `status` (`retrying` from a failed attempt
 * until the retried attempt's first patch), the 0-based `attempt` (show `attempt + 1`), `error`,
 * the latest `retry` and `reconnecting` while a resumable patch stream reopens its connection.
 */
export type StatusSnapshot = Pick<FieldStoreState, 'status' | 'attempt' | 'error' | 'retry' | 'reconnecting'>;

const KEYS = ['status', 'attempt', 'error', 'retry', 'reconnecting'] as const;

const selectStatus = (state: FieldStoreState<unknown>): StatusSnapshot =>
  Object.fromEntries(KEYS.map((key) => [key, state[key]])) as StatusSnapshot;

// The store keeps the retry record's identity until it changes.
const sameStatus = (a: StatusSnapshot, b: StatusSnapshot): boolean => KEYS.every((key) => a[key] === b[key]);

/**
 * Calls `show` with the response's status, attempt, error and latest retry now and whenever one
 * of them changes (React's `useStreamStatus`). Returns the unsubscribe function.
 */
export function watchStreamStatus<Data>(
  store: FieldStore<Data>,
  show: (status: StatusSnapshot) => void,
  options: WatchOptions = {},
): () => void {
  return watchFieldStore(store, selectStatus, show, { ...options, equals: sameStatus });
}
