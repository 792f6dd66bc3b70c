import type { FieldStore, FieldstreamError, ResponseStatus, Schedule } from '@fieldstream/core';
import type { ReactElement } from 'react';
import { useStreamStatus } from './use-stream-status';

/** Whether a region showing this status is still changing (`aria-busy`). */
export function isBusy(status: ResponseStatus): boolean {
  return status === 'streaming' || status === 'validating' || status === 'retrying';
}

/** What is announced when a response ends; nothing while it streams (no announcement per delta). */
export function completionMessage(status: ResponseStatus, error: FieldstreamError | undefined): string {
  if (status === 'done') return 'Answer complete.';
  if (status === 'aborted') return 'Answer stopped.';
  if (status === 'error') return `Answer failed: ${error?.message ?? 'unknown error'}`;
  return '';
}

/**
 * A polite live region that speaks once, when the response ends. `@fieldstream/react/styles.css`
 * hides it from sight (`.fs-announce`); without the stylesheet it is a short visible line.
 */
export function StreamAnnouncer<Data>({
  store,
  schedule,
}: {
  store: FieldStore<Data>;
  schedule?: Schedule;
}): ReactElement {
  const { status, error } = useStreamStatus(store, { schedule });
  return (
    <p className="fs-announce" role="status" aria-live="polite">
      {completionMessage(status, error)}
    </p>
  );
}
