import { defineOutput, isTerminalStatus } from '@fieldstream/core';
import { type AnswerTicket, fromPatchStream } from '@fieldstream/core/patch-stream';
import { useResponse, useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { isStreamingStatus } from '../../components/busy';
import { FormAndFinal } from '../../components/form-and-final';
import { RunStatus } from '../../components/run-status';
import { Toggle } from '../../controls/toggle';
import { Ticket } from '../server-stream/ticket-schema';
import { RESUMABLE_ROUTE, type ResumableRequest, TICKET_STORAGE_KEY } from './resume-routes';

const ticket = defineOutput(Ticket);

/** Start a new answer, or attach to the one a ticket names (after a reload). */
type Run = { attach: AnswerTicket } | { start: ResumableRequest };

/** The ticket the page kept before it was reloaded, if its answer was still running. */
function keptTicket(): AnswerTicket | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(TICKET_STORAGE_KEY) ?? 'null') as AnswerTicket | null;
    return typeof kept?.id === 'string' && typeof kept.token === 'string' ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A resumable answer: the generation runs on the server whatever happens to the connection.
 * A dropped connection is resumed with `Last-Event-ID` (the gap shows as `reconnecting`); a reload
 * attaches to the running answer with the ticket kept in `sessionStorage`. Nothing is paid twice.
 */
export function ResumePage(): ReactElement {
  const [drop, setDrop] = useState(true);
  const [gaps, setGaps] = useState(0);
  const [attached, setAttached] = useState(false);
  const run = useResponse((signal, request: Run) =>
    fromPatchStream<typeof ticket.$data>({
      url: RESUMABLE_ROUTE,
      ...('attach' in request
        ? { answer: request.attach }
        : {
            init: {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(request.start),
            },
          }),
      resume: {
        delayMs: (retry) => Math.min(2000, 200 * 2 ** (retry - 1)),
        onAnswer: (answer) => sessionStorage.setItem(TICKET_STORAGE_KEY, JSON.stringify(answer)),
      },
      signal,
    }),
  );
  const { status, reconnecting } = useStreamStatus(run.store);
  // After a reload: attach to the answer this page was showing (once, also under StrictMode).
  const resumed = useRef(false);
  useEffect(() => {
    const kept = keptTicket();
    if (resumed.current || kept === undefined) return;
    resumed.current = true;
    setAttached(true);
    run.start({ attach: kept });
  }, [run.start]);
  useEffect(() => {
    if (reconnecting !== undefined) setGaps((count) => count + 1);
  }, [reconnecting]);
  useEffect(() => {
    if (isTerminalStatus(status)) sessionStorage.removeItem(TICKET_STORAGE_KEY);
  }, [status]);
  const running = isStreamingStatus(status);
  return (
    <div className="page">
      <h2>Resumable answer</h2>
      <p className="muted">
        The server keeps generating when the connection drops or the page reloads. The browser reconnects with{' '}
        <code>Last-Event-ID</code> and receives every patch after the last one it had; a reloaded page attaches to the
        running answer with the ticket it kept in <code>sessionStorage</code>. Reload the page while it streams.
      </p>
      <div className="controls">
        <Toggle testId="resume-drop-toggle" checked={drop} onChange={setDrop} label="Drop the connection mid-answer" />
        <button
          type="button"
          data-testid="resume-start"
          disabled={running}
          onClick={() => {
            setAttached(false);
            setGaps(0);
            run.start({ start: drop ? { dropAfterBytes: 900 } : {} });
          }}
        >
          Generate
        </button>
        <button type="button" data-testid="resume-abort" disabled={!running} onClick={run.abort}>
          Stop
        </button>
        <span data-testid="resume-connection" data-reconnecting={reconnecting === undefined ? 'no' : 'yes'}>
          {reconnecting === undefined
            ? 'connected'
            : `reconnecting (try ${reconnecting.retry}, after ${reconnecting.delayMs} ms)…`}
        </span>
        <span data-testid="resume-gaps" data-gaps={gaps}>
          {gaps} gap{gaps === 1 ? '' : 's'} resumed
        </span>
        {attached ? <span data-testid="resume-attached">attached after a reload</span> : null}
      </div>
      <RunStatus store={run.store} scenario={undefined} />
      <FormAndFinal title="Incident ticket" testId="resume-live-form" output={ticket} store={run.store} />
    </div>
  );
}
