import type { FieldStore, FieldStoreState, FieldstreamError, ResponseStatus } from '@fieldstream/core';
import { type HookOptions, useFieldStore } from './use-field-store';

/** Where a response stands. */
export type StatusSnapshot = {
  readonly status: ResponseStatus;
  /** The current attempt (0 first; higher after retries). */
  readonly attempt: number;
  readonly error: FieldstreamError | undefined;
};

const selectStatus = (state: FieldStoreState<unknown>): StatusSnapshot => ({
  status: state.status,
  attempt: state.attempt,
  error: state.error,
});

const sameStatus = (a: StatusSnapshot, b: StatusSnapshot): boolean =>
  a.status === b.status && a.attempt === b.attempt && a.error === b.error;

/** The response's status, attempt and error; re-renders only when one of them changes. */
export function useStreamStatus<Data>(store: FieldStore<Data>, options: HookOptions = {}): StatusSnapshot {
  return useFieldStore(store, selectStatus, { ...options, equals: sameStatus });
}
