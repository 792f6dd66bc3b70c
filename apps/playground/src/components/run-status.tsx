import type { FieldStore } from '@fieldstream/core';
import { useStreamStatus } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { ErrorNote } from './error-note';

/** Status, attempt counter, scenario id and the error, if any. */
export function RunStatus({
  store,
  scenario,
}: {
  store: FieldStore<unknown>;
  scenario: string | undefined;
}): ReactElement {
  const { status, attempt, error } = useStreamStatus(store);
  return (
    <div className="run-status" data-testid="run-status" data-status={status} data-scenario={scenario ?? ''}>
      <span className={`badge status-${status}`} data-testid="status-text">
        {status}
      </span>
      <span data-testid="attempt-counter">attempt {attempt + 1}</span>
      {attempt > 0 ? (
        <span data-testid="retry-counter">
          {attempt} retr{attempt === 1 ? 'y' : 'ies'}
        </span>
      ) : null}
      {status === 'aborted' ? <span data-testid="aborted-note">Aborted: what streamed so far is kept.</span> : null}
      {error === undefined ? null : <ErrorNote error={error} testId="error-message" />}
    </div>
  );
}
