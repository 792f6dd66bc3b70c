import type { FieldStore } from '@fieldstream/core';
import { type StatusSnapshot, sameStreamStatus, selectStreamStatus } from '@fieldstream/core/bindings';
import { type WatchOptions, watchFieldStore } from './watch-field-store';

export type { RetryInfo, StatusSnapshot } from '@fieldstream/core/bindings';

/**
 * Calls `show` with where the response stands — `status` (`retrying` from a failed attempt until
 * the retried attempt's first patch), the 0-based `attempt` (show `attempt + 1`), `error`, the
 * latest `retry`, `reconnecting` — now and whenever one of them changes (React's
 * `useStreamStatus`). Returns the unsubscribe function.
 */
export function watchStreamStatus<Data>(
  store: FieldStore<Data>,
  show: (status: StatusSnapshot) => void,
  options?: WatchOptions,
): () => void {
  return watchFieldStore(store, selectStreamStatus, show, { ...options, equals: sameStreamStatus });
}
