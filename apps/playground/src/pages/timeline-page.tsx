import { type ReactElement, useState } from 'react';
import { EventLog } from '../components/event-log';
import { FinalData } from '../components/final-data';
import { RawText } from '../components/raw-text';
import { ReasoningPanel } from '../components/reasoning-panel';
import { ReconciliationDiff } from '../components/reconciliation-diff';
import { RetryLog } from '../components/retry-log';
import { RunStatus } from '../components/run-status';
import { ScenarioControls } from '../controls/scenario-controls';
import { DevtoolsShowcase } from '../devtools/devtools-showcase';
import { useRecorder } from '../run/use-recorder';
import { useScenarioPage } from '../run/use-scenario-page';

/**
 * Devtools: `<fieldstream-devtools>` on this page's run (its timeline, field inspector and figures),
 * then every patch beside the raw text, the reasoning, the final data and its reconciliation.
 */
export function TimelinePage({ params }: { params: URLSearchParams }): ReactElement {
  const { settings, run, controls } = useScenarioPage(params);
  const snapshot = useRecorder(run.recorder);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  return (
    <div className="page">
      <h2>Event timeline</h2>
      <ScenarioControls
        {...controls}
        onStart={() => {
          setSelected(undefined);
          run.start(settings);
        }}
      />
      <RunStatus store={run.store} scenario={run.scenario} />
      <DevtoolsShowcase response={run.response} store={run.store} />
      <div className="columns">
        <EventLog snapshot={snapshot} selected={selected} onSelect={setSelected} />
        <RawText snapshot={snapshot} selected={selected} />
      </div>
      <div className="columns">
        <ReasoningPanel store={run.store} />
        <RetryLog recorder={run.recorder} />
      </div>
      <div className="columns">
        <FinalData store={run.store} />
        <ReconciliationDiff store={run.store} snapshot={snapshot} />
      </div>
    </div>
  );
}
