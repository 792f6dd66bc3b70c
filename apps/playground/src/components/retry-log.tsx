import type { ReactElement } from 'react';
import type { EventRecorder } from '../run/event-recorder';
import { useRecorder } from '../run/use-recorder';
import { attemptLabel } from './attempt-number';

/** Attempts, failures and retries from the response's observation log. */
export function RetryLog({ recorder }: { recorder: EventRecorder | undefined }): ReactElement {
  const { observations } = useRecorder(recorder);
  const rows = observations.filter((event) => event.type !== 'model.completed');
  return (
    <section className="panel">
      <h3>Attempts and retries</h3>
      {rows.length === 0 ? <p className="muted">Nothing yet.</p> : null}
      <ol className="retry-log" data-testid="retry-log">
        {rows.map((event, index) => (
          <li
            // The log only grows, so the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
            key={index}
            data-type={event.type}
            data-delay-ms={event.type === 'model.retrying' ? event.delay_ms : undefined}
          >
            <code>{event.type}</code> {attemptLabel(event.attempt)}
            {event.type === 'model.requesting' ? ` · format ${event.format}` : ''}
            {event.type === 'model.retrying' ? ` · ${event.retry_reason} · ${event.validation_reason}` : ''}
            {event.type === 'model.retrying' && event.delay_ms > 0 ? (
              <span className="retry-wait" data-testid="retry-wait">
                {' '}
                · waiting {(event.delay_ms / 1000).toFixed(1)} s before retrying
              </span>
            ) : null}
            {event.type === 'model.validation_failed' ? ` · ${event.stage}: ${event.validation_reason}` : ''}
            {event.type === 'model.request_failed' ? ` · ${event.error.message}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
