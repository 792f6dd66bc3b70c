import type { ResponseStatus } from '@fieldstream/core';
import { LiveForm } from '@fieldstream/react';
import type { ReactElement } from 'react';
import type { Preset } from '../presets/index';
import { formOutput } from '../run/form-output';
import type { PlaygroundRun } from '../run/use-playground-run';
import { TextAnswer } from './text-answer';
import { WindowedList } from './windowed-list';

export type PresetAnswerProps = {
  preset: Preset;
  /** The answer is prose: shown as text, not as the preset's fields. */
  textMode: boolean;
  run: Pick<PlaygroundRun, 'store' | 'recorder' | 'scenario'>;
  status: ResponseStatus;
};

/** A run's answer: the streaming text, or the preset's live form with its long lists windowed. */
export function PresetAnswer({ preset, textMode, run, status }: PresetAnswerProps): ReactElement {
  if (textMode || preset.output === undefined) return <TextAnswer recorder={run.recorder} status={status} />;
  return (
    <>
      <LiveForm key={run.scenario ?? 'idle'} output={formOutput(preset)} store={run.store} />
      {(preset.windowedLists ?? []).map((path) => (
        <WindowedList key={`${run.scenario ?? 'idle'}-${path}`} store={run.store} path={path} label={path} />
      ))}
    </>
  );
}
