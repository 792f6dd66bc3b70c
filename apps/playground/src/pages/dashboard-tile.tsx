import { LiveForm, useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useEffect, useLayoutEffect, useRef } from 'react';
import { attemptLabel } from '../components/attempt-number';
import { ErrorNote } from '../components/error-note';
import { presetById } from '../presets/index';
import type { ScenarioSettings } from '../run/scenario-settings';
import { usePlaygroundRun } from '../run/use-playground-run';

export type DashboardTileProps = {
  presetId: string;
  /** Pacing shared by every tile. */
  pacing: Pick<ScenarioSettings, 'charsPerSecond' | 'chunkSize'>;
  /** Starts this tile's response whenever it increases. */
  startCount: number;
  /** Aborts this tile's response whenever it increases. */
  abortCount: number;
};

/** One dashboard tile: its own response, store and live form. */
export function DashboardTile({ presetId, pacing, startCount, abortCount }: DashboardTileProps): ReactElement {
  const preset = presetById(presetId);
  const run = usePlaygroundRun();
  const { status, attempt, error } = useStreamStatus(run.store);
  const latest = useRef({ run, pacing });
  useLayoutEffect(() => {
    latest.current = { run, pacing };
  });

  useEffect(() => {
    if (startCount === 0) return;
    const { run: current, pacing: chosen } = latest.current;
    current.start({
      preset: preset.id,
      format: preset.format,
      charsPerSecond: chosen.charsPerSecond,
      chunkSize: chosen.chunkSize,
      faults: [],
      maxRetries: 2,
      live: false,
    });
  }, [startCount, preset]);

  useEffect(() => {
    if (abortCount > 0) latest.current.run.abort();
  }, [abortCount]);

  return (
    <article className="tile" data-testid={`tile-${preset.id}`} data-status={status} data-scenario={run.scenario ?? ''}>
      <header>
        <h3>{preset.title}</h3>
        <span className={`badge status-${status}`}>{status}</span>
        {attempt > 0 ? <span className="badge">{attemptLabel(attempt)}</span> : null}
      </header>
      {error === undefined ? null : <ErrorNote error={error} testId="tile-error" />}
      {/* A scroll area of its own: focusable, so a keyboard can scroll it. */}
      <section
        className="tile-body"
        aria-label={`${preset.title} fields`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        {preset.output === undefined ? null : (
          <LiveForm key={run.scenario ?? 'idle'} output={preset.output} store={run.store} />
        )}
      </section>
    </article>
  );
}
