import { LiveForm, useStreamStatus } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { isStreamingStatus } from '../components/busy';
import { FinalData } from '../components/final-data';
import { ReasoningPanel } from '../components/reasoning-panel';
import { RunStatus } from '../components/run-status';
import { TextAnswer } from '../components/text-answer';
import { WindowedList } from '../components/windowed-list';
import { ScenarioControls } from '../controls/scenario-controls';
import { presetById } from '../presets/index';
import { formOutput } from '../run/form-output';
import { usePlaygroundRun } from '../run/use-playground-run';
import { useRouteSettings } from '../run/use-route-settings';

/** A preset's schema as a live form that fills in while the answer streams. */
export function LiveFormPage({ params }: { params: URLSearchParams }): ReactElement {
  const [settings, setSettings] = useRouteSettings(params);
  const run = usePlaygroundRun();
  const { status } = useStreamStatus(run.store);
  // The form follows the running response's preset; before a run, the picker's.
  const preset = presetById(run.settings?.preset ?? settings.preset);
  // Plain text, or `text` picked for a structured preset: the answer is prose, not fields.
  const textMode = preset.output === undefined || (run.settings ?? settings).format === 'text';
  return (
    <div className="page">
      <h2>Live form</h2>
      <p className="muted">{preset.description}</p>
      <ScenarioControls
        settings={settings}
        onChange={setSettings}
        onStart={() => run.start(settings)}
        onAbort={run.abort}
        running={isStreamingStatus(status)}
      />
      <RunStatus store={run.store} scenario={run.scenario} />
      <div className="columns">
        <section className="panel" data-testid="live-form" data-preset={preset.id}>
          <h3>{preset.title}</h3>
          {textMode || preset.output === undefined ? (
            <TextAnswer recorder={run.recorder} status={status} />
          ) : (
            <>
              <LiveForm key={run.scenario ?? 'idle'} output={formOutput(preset)} store={run.store} />
              {(preset.windowedLists ?? []).map((path) => (
                <WindowedList key={`${run.scenario ?? 'idle'}-${path}`} store={run.store} path={path} label={path} />
              ))}
            </>
          )}
        </section>
        <div className="stack">
          <ReasoningPanel store={run.store} />
          <FinalData store={run.store} />
        </div>
      </div>
    </div>
  );
}
