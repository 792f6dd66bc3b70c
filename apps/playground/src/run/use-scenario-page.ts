import type { ResponseStatus } from '@fieldstream/core';
import { useStreamStatus } from '@fieldstream/react';
import { isStreamingStatus } from '../components/busy';
import type { ScenarioControlsProps } from '../controls/scenario-controls';
import { type AnswerShape, answerShape } from './answer-shape';
import type { ScenarioSettings } from './scenario-settings';
import { type PlaygroundRun, usePlaygroundRun } from './use-playground-run';
import { useRouteSettings } from './use-route-settings';

/** What a page built around `<ScenarioControls>` works with. */
export type ScenarioPage = AnswerShape & {
  settings: ScenarioSettings;
  run: PlaygroundRun;
  status: ResponseStatus;
  /** `<ScenarioControls>` wired to the route's settings and the run. */
  controls: ScenarioControlsProps;
};

/**
 * The route's settings, the run they start and its status. The answer's shape follows the running
 * response's settings; before a run, the pickers'.
 */
export function useScenarioPage(params: URLSearchParams): ScenarioPage {
  const [settings, setSettings] = useRouteSettings(params);
  const run = usePlaygroundRun();
  const { status } = useStreamStatus(run.store);
  return {
    ...answerShape(run.settings ?? settings),
    settings,
    run,
    status,
    controls: {
      settings,
      onChange: setSettings,
      onStart: () => run.start(settings),
      onAbort: run.abort,
      running: isStreamingStatus(status),
    },
  };
}
