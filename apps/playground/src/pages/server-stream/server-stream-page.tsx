import { defineOutput, type ObservationEvent } from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { LiveForm, useResponse, useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useState } from 'react';
import { isStreamingStatus } from '../../components/busy';
import { FinalData } from '../../components/final-data';
import { RunStatus } from '../../components/run-status';
import { Toggle } from '../../controls/toggle';
import { countingFetch } from './counting-fetch';
import { PATCH_STREAM_ROUTE, type PatchStreamRequest, Ticket } from './ticket-schema';

const ticket = defineOutput(Ticket);

/**
 * A generation that runs on the server (zod schema, refinement, retry) and reaches the browser as
 * field patches: `toPatchStream` there, `fromPatchStream` here, and the same store and hooks as a
 * local response. Nothing is parsed in the browser.
 */
export function ServerStreamPage(): ReactElement {
  const [retry, setRetry] = useState(true);
  const [received, setReceived] = useState(0);
  const run = useResponse((signal, request: PatchStreamRequest) => {
    setReceived(0);
    return fromPatchStream<typeof ticket.$data>({
      url: PATCH_STREAM_ROUTE,
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) },
      fetch: countingFetch((bytes) => setReceived((total) => total + bytes)),
      signal,
    });
  });
  const { status } = useStreamStatus(run.store);
  const running = isStreamingStatus(status);
  return (
    <div className="page">
      <h2>Server stream</h2>
      <p className="muted">
        The model runs on the server, with a zod schema whose refinement rejects estimates over 40 hours. The browser
        receives field patches, retries and the validated data over one SSE response, and renders them with the same
        store and hooks as a local response.
      </p>
      <div className="controls">
        <Toggle
          testId="server-retry-toggle"
          checked={retry}
          onChange={setRetry}
          label="First attempt breaks the refinement"
        />
        <button type="button" data-testid="server-start" disabled={running} onClick={() => run.start({ retry })}>
          Generate on the server
        </button>
        <button type="button" data-testid="server-abort" disabled={!running} onClick={run.abort}>
          Stop
        </button>
        <span data-testid="server-bytes" data-bytes={received}>
          {received.toLocaleString('en')} bytes received
        </span>
      </div>
      <RunStatus store={run.store} scenario={undefined} />
      <div className="columns">
        <section className="panel" data-testid="server-live-form">
          <h3>Incident ticket</h3>
          <LiveForm output={ticket} store={run.store} />
        </section>
        <div>
          <section className="panel" data-testid="server-retries">
            <h3>Retries (from the server's observation log)</h3>
            <RetryReasons events={run.response?.events ?? []} />
          </section>
          <FinalData store={run.store} />
        </div>
      </div>
    </div>
  );
}

/** Why each retry happened: the zod issue, with its path, as the server's correction quoted it. */
function RetryReasons({ events }: { events: readonly ObservationEvent[] }): ReactElement {
  const retries = events.filter((event) => event.type === 'model.retrying');
  if (retries.length === 0) return <p className="muted">None.</p>;
  return (
    <ol>
      {retries.map((event) => (
        <li key={event.attempt} data-testid="server-retry-reason">
          {event.retry_reason}
          {event.path === undefined ? '' : ` at ${event.path}`}: {event.validation_reason}
        </li>
      ))}
    </ol>
  );
}
