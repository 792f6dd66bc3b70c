import { createResponse, type ResponseEvent } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { type RetryInfo, useInstantField, useResponse, useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { FinalData } from '../../components/final-data';
import { RunStatus } from '../../components/run-status';
import { SIGNUP_ANSWERS, Signup } from './early-answers';

/**
 * Early validation (docs/decisions/0022-validate-while-streaming.md): the same scripted model runs
 * twice side by side. Its first answer breaks the email's rule in its first field: with early
 * validation the attempt stops when the email closes and the retry starts at once; without it the
 * whole first answer streams before the retry. The characters streamed before the retry are counted.
 */
export function EarlyValidationPage(): ReactElement {
  const [runs, setRuns] = useState(0);
  const [before, setBefore] = useState<{ early?: number; late?: number }>({});
  const saved = before.early !== undefined && before.late !== undefined ? before.late - before.early : undefined;
  return (
    <div className="page">
      <h2>Early validation</h2>
      <p className="muted">
        A scripted model writes an invalid <code>email</code> first, then a long welcome text. On the left the field is
        judged the moment it closes and the attempt stops there; on the right (<code>earlyValidation: false</code>) the
        whole answer streams before it is judged. Both retry with a correction naming the field.
      </p>
      <div className="controls">
        <button type="button" data-testid="early-start" onClick={() => setRuns((n) => n + 1)}>
          Run both
        </button>
        <span data-testid="early-saved">
          {saved === undefined
            ? 'Characters saved: —'
            : `Characters saved before the retry: ${saved} (about ${Math.round(saved / 4)} tokens)`}
        </span>
      </div>
      <div className="columns">
        <EarlyRun early runs={runs} onRetry={(count) => setBefore((b) => ({ ...b, early: count }))} />
        <EarlyRun early={false} runs={runs} onRetry={(count) => setBefore((b) => ({ ...b, late: count }))} />
      </div>
    </div>
  );
}

/** One run: its status, the rejected field, the characters streamed before the retry, the final data. */
function EarlyRun(props: { early: boolean; runs: number; onRetry(count: number): void }): ReactElement {
  const { early, runs, onRetry } = props;
  const name = early ? 'early' : 'late';
  const run = useResponse((signal) =>
    createResponse({
      model: scriptedModel({ answers: SIGNUP_ANSWERS, chunkSize: 6, delayMs: 8 }),
      input: 'Sign Ada up.',
      output: Signup,
      format: 'json',
      earlyValidation: early,
      signal,
    }),
  );
  const [streamedBefore, setStreamedBefore] = useState<number | undefined>(undefined);
  const report = useRef(onRetry);
  report.current = onRetry;
  const { start, response } = run;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a click on "Run both" (runs) starts a run.
  useEffect(() => {
    if (runs > 0) start();
  }, [runs]);
  useEffect(() => {
    if (response === undefined) return;
    let count = 0;
    setStreamedBefore(undefined);
    return response.subscribe((event: ResponseEvent) => {
      if (event.type === 'text' && event.attempt === 0) count += event.delta.length;
      if (event.type === 'attempt' && event.attempt === 1) {
        setStreamedBefore(count);
        report.current(count);
      }
    });
  }, [response]);
  const { retry } = useStreamStatus(run.store);
  const email = useInstantField(run.store, 'email');
  // The mark lasts only until the retry rewrites the field: the page keeps the last one seen.
  const [lastRejection, setLastRejection] = useState('');
  useEffect(() => {
    if (email.rejected !== undefined) setLastRejection(email.rejected);
  }, [email.rejected]);
  return (
    <section className="panel stack" data-testid={`early-run-${name}`}>
      <h3>{early ? 'Early validation (default)' : 'Validation at the end only'}</h3>
      <RunStatus store={run.store} scenario={undefined} />
      <p data-testid={`early-${name}-streamed`} data-count={streamedBefore ?? ''}>
        {streamedBefore === undefined
          ? 'Characters streamed before the retry: —'
          : `Characters streamed before the retry: ${streamedBefore}`}
      </p>
      <p data-testid={`early-${name}-retry`} data-reason={retry?.reason ?? ''} data-path={retry?.path ?? ''}>
        {retry === undefined ? 'No retry yet.' : retryLine(retry)}
      </p>
      <p data-testid={`early-${name}-email`} data-rejected={email.rejected ?? ''} data-last-rejection={lastRejection}>
        email: <code>{String(email.value ?? '')}</code>
        {email.rejected === undefined ? '' : ` — rejected: ${email.rejected}`}
        {email.rejected === undefined && lastRejection !== ''
          ? ` (the first attempt's was rejected: ${lastRejection})`
          : ''}
      </p>
      <FinalData store={run.store} />
    </section>
  );
}

/**
 * Why the run retried: a field rejected while streaming names its path; the schema's verdict on the
 * whole answer has none (its message names each issue's path).
 */
function retryLine(retry: RetryInfo): string {
  const where = retry.path === undefined ? 'on the whole answer' : `at ${retry.path}`;
  return `Retry: ${retry.reason ?? 'reason pending'} ${where}${retry.message === undefined ? '' : `: ${retry.message}`}`;
}
