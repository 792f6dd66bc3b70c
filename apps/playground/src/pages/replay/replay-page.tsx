import { parseRecording } from '@fieldstream/core/recording';
import type { ReactElement } from 'react';
import { FormAndFinal } from '../../components/form-and-final';
import { RunStatus } from '../../components/run-status';
import recordingText from './fixtures/incident-run.recording.json?raw';
import { incident } from './incident-output';
import { RecordedMessages } from './recorded-messages';
import { useSteppedReplay } from './use-stepped-replay';

// A run recorded from the built-in model (its connection dropped once, so the answer was retried),
// as a test keeps it: the file is read as untrusted text.
const recording = parseRecording(recordingText);

/** A recorded run replayed step by step through the same reader as a patch stream, into a live form. */
export function ReplayPage(): ReactElement {
  const run = useSteppedReplay(recording);
  const total = recording.messages.length;
  const ended = run.sent >= total;
  return (
    <div className="page">
      <h2>Replay a recorded run</h2>
      <p className="muted">
        A recording is the patch stream a response sent, with its timing ({recording.label}). Step through it one
        message at a time, or play it at the pace it was recorded: the form, the status and the retry show exactly what
        the recorded run showed at that point.
      </p>
      <div className="controls">
        <button type="button" data-testid="replay-step" disabled={ended || run.playing} onClick={run.step}>
          Step
        </button>
        <button type="button" data-testid="replay-play" disabled={ended} onClick={run.playing ? run.pause : run.play}>
          {run.playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" data-testid="replay-restart" onClick={run.restart}>
          Restart
        </button>
        <span data-testid="replay-position" data-sent={run.sent}>
          message {run.sent} of {total}
        </span>
      </div>
      <RunStatus store={run.store} scenario={undefined} />
      <FormAndFinal title="Incident summary" testId="replay-live-form" output={incident} store={run.store} />
      <RecordedMessages recording={recording} sent={run.sent} />
    </div>
  );
}
