import { FieldProgress, LiveForm } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { FinalData } from '../components/final-data';
import { renderProvenance } from '../components/provenance-value';
import { RetryLog } from '../components/retry-log';
import { RunStatus } from '../components/run-status';
import { TextAnswer } from '../components/text-answer';
import { ScenarioControls } from '../controls/scenario-controls';
import { useScenarioPage } from '../run/use-scenario-page';

/** Per-field phases, completion provenance, attempts and retries, with the fault switches. */
export function ProgressPage({ params }: { params: URLSearchParams }): ReactElement {
  const { run, status, controls, preset, textMode } = useScenarioPage(params);
  return (
    <div className="page">
      <h2>Progress panel</h2>
      <p className="muted">
        Turn on a fault and start: a missing required field is retried, stale values stay visible until the retry
        rewrites them, and the final data confirms or changes every field.
      </p>
      <ScenarioControls {...controls} />
      <RunStatus store={run.store} scenario={run.scenario} />
      <div className="columns">
        <section className="panel" data-testid="field-progress">
          <h3>Field phases</h3>
          {textMode || preset.output === undefined ? (
            <p className="muted">Plain text has no fields.</p>
          ) : (
            <FieldProgress key={run.scenario ?? 'idle'} output={preset.output} store={run.store} />
          )}
        </section>
        <section className="panel" data-testid="live-form" data-preset={preset.id}>
          <h3>Values and provenance</h3>
          {textMode || preset.output === undefined ? (
            <TextAnswer recorder={run.recorder} status={status} />
          ) : (
            <LiveForm
              key={run.scenario ?? 'idle'}
              output={preset.output}
              store={run.store}
              renderValue={renderProvenance}
            />
          )}
        </section>
      </div>
      <div className="columns">
        <RetryLog recorder={run.recorder} />
        <FinalData store={run.store} />
      </div>
    </div>
  );
}
