import type { FieldStore } from '@fieldstream/core';
import { useStreamStatus } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { attemptLabel } from './attempt-number';
import { ErrorNote } from './error-note';

/** Status, attempt counter, scenario id, the retry under way (why, and the wait) and the error, if any. */
export function RunStatus({
  store,
  scenario,
}: {
  store: FieldStore<unknown>;
  scenario: string | undefined;
}): ReactElement {
  const { status, attempt, error, retry } = useStreamStatus(store);
  return (
    <div className="run-status" data-testid="run-status" data-status={status} data-scenario={scenario ?? ''}>
      <span className={`badge status-${status}`} data-testid="status-text">
        {status}
      </span>
      <span data-testid="attempt-counter">{attemptLabel(attempt)}</span>
      {attempt > 0 ? (
        <span data-testid="retry-counter">
          {attempt} retr{attempt === 1 ? 'y' : 'ies'}
        </span>
      ) : null}
      {status === 'retrying' && retry !== undefined ? (
        // Shown until the retried attempt streams its first patch (the store keeps `retrying` till then).
        <span className="retry-status" data-testid="retry-status" data-reason={retry.reason ?? ''}>
          retrying as {attemptLabel(retry.attempt)}
          {retry.reason === undefined ? '' : ` · ${retry.reason}`}
          {retry.message === undefined ? '' : `: ${retry.message}`}
          {retry.delayMs > 0 ? ` · after ${(retry.delayMs / 1000).toFixed(1)} s` : ''}
        </span>
      ) : null}
      {status === 'aborted' ? <span data-testid="aborted-note">Aborted: what streamed so far is kept.</span> : null}
      {error === undefined ? null : <ErrorNote error={error} testId="error-message" />}
    </div>
  );
}
