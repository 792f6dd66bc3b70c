import { defineOutput } from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { useResponse, useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useEffect, useState } from 'react';
import { isStreamingStatus } from '../../components/busy';
import { FormAndFinal } from '../../components/form-and-final';
import { RunStatus } from '../../components/run-status';
import { Toggle } from '../../controls/toggle';
import { Ticket } from '../server-stream/ticket-schema';
import { RESUMABLE_ROUTE, type ResumableRequest, TICKET_STORAGE_KEY } from './resume-routes';

const ticket = defineOutput(Ticket);

/**
 * A resumable answer: the generation runs on the server whatever happens to the connection.
 * A dropped connection is resumed with `Last-Event-ID` (the gap shows as `reconnecting`); a reload
 * attaches to the running answer with the ticket `useResponse`'s `resume` keeps in `sessionStorage`.
 * Nothing is paid twice.
 */
export function ResumePage(): ReactElement {
  const [drop, setDrop] = useState(true);
  const [gaps, setGaps] = useState(0);
  const [attached, setAttached] = useState(false);
  const run = useResponse(
    (signal, resumable, request?: ResumableRequest) => {
      setAttached(resumable.answer !== undefined);
      return fromPatchStream<typeof ticket.$data>({
        url: RESUMABLE_ROUTE,
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request ?? {}) },
        ...resumable,
        resume: { ...resumable.resume, delayMs: (retry) => Math.min(2000, 200 * 2 ** (retry - 1)) },
        signal,
      });
    },
    { resume: { key: TICKET_STORAGE_KEY } },
  );
  const { status, reconnecting } = useStreamStatus(run.store);
  useEffect(() => {
    if (reconnecting !== undefined) setGaps((count) => count + 1);
  }, [reconnecting]);
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
            setGaps(0);
            run.start(drop ? { dropAfterBytes: 900 } : {});
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
