import type { ReactElement } from 'react';
import { FinalData } from '../components/final-data';
import { PresetAnswer } from '../components/preset-answer';
import { ReasoningPanel } from '../components/reasoning-panel';
import { RunStatus } from '../components/run-status';
import { StoreUpdates } from '../components/store-updates';
import { ScenarioControls } from '../controls/scenario-controls';
import { useScenarioPage } from '../run/use-scenario-page';

/** A preset's schema as a live form that fills in while the answer streams. */
export function LiveFormPage({ params }: { params: URLSearchParams }): ReactElement {
  const { run, status, controls, preset, textMode } = useScenarioPage(params);
  return (
    <div className="page">
      <h2>Live form</h2>
      <p className="muted">{preset.description}</p>
      <ScenarioControls {...controls} />
      <RunStatus store={run.store} scenario={run.scenario} />
      <div className="columns">
        <section className="panel" data-testid="live-form" data-preset={preset.id}>
          <h3>{preset.title}</h3>
          <PresetAnswer preset={preset} textMode={textMode} run={run} status={status} />
          <StoreUpdates store={run.store} response={run.response} />
        </section>
        <div className="stack">
          <ReasoningPanel store={run.store} />
          <FinalData store={run.store} />
        </div>
      </div>
    </div>
  );
}
