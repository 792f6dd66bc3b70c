import { type MouseEvent, type ReactElement, useLayoutEffect, useRef, useState } from 'react';
import { bindSettings } from '../controls/bind-settings';
import { NumberField } from '../controls/number-field';
import { DashboardTile } from './dashboard-tile';

/** The tiles: six presets, six responses, streaming at once. */
export const DASHBOARD_PRESETS = ['incident', 'invoice', 'netlist', 'lesson', 'runbook', 'legacy-notes'] as const;

/** Several tiles streaming at once, and a probe that shows the page stays responsive meanwhile. */
export function DashboardPage({ params }: { params: URLSearchParams }): ReactElement {
  const [pacing, setPacing] = useState(() => ({
    charsPerSecond: Number(params.get('rate') ?? 400) || 0,
    chunkSize: Number(params.get('chunk') ?? 4) || 1,
  }));
  const bind = bindSettings(pacing, setPacing);
  const [startCount, setStartCount] = useState(0);
  const [abortCount, setAbortCount] = useState(0);
  return (
    <div className="page">
      <h2>Dashboard</h2>
      <p className="muted">Each tile is fed by its own response; all of them stream at once.</p>
      <div className="controls">
        <NumberField label="Chars/s per tile" testId="rate-input" min={0} step="any" {...bind('charsPerSecond')} />
        <NumberField label="Chunk" testId="chunk-input" min={1} {...bind('chunkSize')} />
        <div className="buttons">
          <button type="button" data-testid="start-all" onClick={() => setStartCount((n) => n + 1)}>
            Start all
          </button>
          <button type="button" data-testid="abort-all" onClick={() => setAbortCount((n) => n + 1)}>
            Abort all
          </button>
          <ResponsivenessProbe />
        </div>
      </div>
      <div className="tiles">
        {DASHBOARD_PRESETS.map((id) => (
          <DashboardTile key={id} presetId={id} pacing={pacing} startCount={startCount} abortCount={abortCount} />
        ))}
      </div>
    </div>
  );
}

/**
 * A button whose click shows how long the page took to react: from the input event's timestamp
 * (when the browser received the click) to the commit of the update it caused.
 */
function ResponsivenessProbe(): ReactElement {
  const [clicks, setClicks] = useState(0);
  const clickedAt = useRef<number | undefined>(undefined);
  const latencies = useRef<number[]>([]);
  const output = useRef<HTMLOutputElement>(null);
  useLayoutEffect(() => {
    if (clickedAt.current === undefined || output.current === null) return;
    const latency = performance.now() - clickedAt.current;
    latencies.current.push(latency);
    output.current.dataset.latencies = latencies.current.map((ms) => ms.toFixed(1)).join(',');
    output.current.textContent = `${clicks} clicks · last ${latency.toFixed(1)} ms`;
  }, [clicks]);
  return (
    <>
      <button
        type="button"
        data-testid="ping-button"
        onClick={(event: MouseEvent) => {
          clickedAt.current = event.timeStamp;
          setClicks((n) => n + 1);
        }}
      >
        Ping
      </button>
      <output ref={output} data-testid="ping-output" data-clicks={clicks} />
    </>
  );
}
