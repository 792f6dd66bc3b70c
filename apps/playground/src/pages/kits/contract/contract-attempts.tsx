import type { ObservationEvent } from '@fieldstream/core';
import type { ContractViolation } from '@fieldstream/core/kits';
import type { ReactElement } from 'react';
import { attemptNumber } from '../../../components/attempt-number';

/**
 * Each attempt and what the contract said about it: the violations a validator reported, and the
 * `[OUTPUT CORRECTION]` the retry's prompt carried (it names the violations).
 */
export function ContractAttempts({ events }: { events: readonly ObservationEvent[] }): ReactElement {
  const requests = events.filter((event) => event.type === 'model.requesting');
  return (
    <section className="panel">
      <h3>Attempts and contract violations</h3>
      {requests.length === 0 ? <p className="muted">Nothing yet.</p> : null}
      <ol className="kit-attempts" data-testid="contract-attempts">
        {requests.map((request) => {
          const failures = events.filter(
            (event): event is Extract<ObservationEvent, { type: 'model.validation_failed' }> =>
              event.type === 'model.validation_failed' && event.attempt === request.attempt,
          );
          const correction = correctionOf(request.prompt);
          const done = events.some((event) => event.type === 'model.done' && event.attempt === request.attempt);
          return (
            <li key={request.attempt} data-testid="contract-attempt" data-attempt={request.attempt}>
              <strong>Attempt {attemptNumber(request.attempt)}</strong> · format {request.format}
              {correction === undefined ? null : <blockquote data-testid="retry-correction">{correction}</blockquote>}
              {failures.map((failure) => (
                <ul key={`${failure.stage}:${failure.validator_name}`} className="kit-violations">
                  {violationsOf(failure).map((violation) => (
                    <li
                      key={`${violation.rule}:${violation.path}`}
                      data-testid="contract-violation"
                      data-rule={violation.rule}
                    >
                      <code>{violation.rule}</code> {violation.message}
                    </li>
                  ))}
                </ul>
              ))}
              {done ? (
                <p className="kit-valid" data-testid="attempt-valid">
                  Valid: every contract rule holds.
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A validator failure's violations (the contract validator's payload), or its reason as one. */
function violationsOf(failure: Extract<ObservationEvent, { type: 'model.validation_failed' }>): ContractViolation[] {
  const payload = failure.validation_payload;
  if (Array.isArray(payload) && payload.every(isViolation)) return payload;
  return [{ path: '', rule: failure.stage, message: failure.validation_reason }];
}

function isViolation(value: unknown): value is ContractViolation {
  const record = value as Partial<ContractViolation> | null;
  return typeof record?.rule === 'string' && typeof record.message === 'string';
}

/** The text of the prompt's `[OUTPUT CORRECTION]` block, when the attempt is a retry. */
function correctionOf(prompt: string): string | undefined {
  const start = prompt.indexOf('[OUTPUT CORRECTION]');
  if (start === -1) return undefined;
  const body = prompt.slice(start + '[OUTPUT CORRECTION]'.length);
  const end = body.search(/\n\[[A-Z ]+\]/);
  return (end === -1 ? body : body.slice(0, end)).trim();
}
