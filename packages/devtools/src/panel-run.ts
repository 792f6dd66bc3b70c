import type { PatchStreamInput } from '@fieldstream/core/patch-stream';
import { type Recording, type RecordingSource, recordResponse } from '@fieldstream/core/recording';
import { RunTimeline } from './run-timeline';

/** One run in the panel: a recording (under way, or opened from a file) and the timeline read from it. */
export type PanelRun = {
  readonly label: string;
  readonly timeline: RunTimeline;
  /** The recording as it stands. */
  recording(): Recording;
  /** True while the response is still being recorded. */
  readonly live: boolean;
  /** Reads the messages recorded since the last call; true when there were some. */
  sync(): boolean;
  /** Stops recording (the response runs on); what was recorded stays. */
  stop(): void;
  /** The recording, once the response settled and its last message was recorded (or once stopped). */
  readonly recorded: Promise<Recording>;
};

/** What `attach` returns: the run's recording once it is done, and a way to stop recording. */
export type AttachedRun = Pick<PanelRun, 'recorded' | 'stop'>;

/** Options of `attach`. */
export type AttachOptions = {
  /** The run's name in the panel (default: its number and source). */
  label?: string;
  /** Where the response runs, written into the recording (default `page`). */
  source?: RecordingSource;
  /** The clock, in milliseconds (default `performance.now`); tests pass a fake one. */
  now?: () => number;
};

/**
 * A run that records `response` as it streams. `onActivity` is called on each of the response's
 * events (the recording takes a message within a frame of one) and, with `ended` true, once the
 * recording is done.
 */
export function liveRun(
  response: PatchStreamInput,
  label: string,
  options: AttachOptions,
  onActivity: (ended: boolean) => void,
): PanelRun {
  const onEvent = (): void => onActivity(false);
  const unsubscribe = response.subscribe(onEvent);
  const unobserve = response.observe(onEvent);
  const handle = recordResponse(response, {
    label,
    ...(options.source === undefined ? {} : { source: options.source }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  let final: Recording | undefined;
  const run = readRun(label, () => final ?? handle.snapshot());
  let live = true;
  const stop = (): void => {
    unsubscribe();
    unobserve();
    handle.stop();
  };
  void handle.done.then((recording) => {
    final = recording;
    live = false;
    stop();
    onActivity(true);
  });
  return {
    ...run,
    get live() {
      return live;
    },
    stop,
    recorded: handle.done,
  };
}

/** A finished run: a recording opened from a file or handed over whole. */
export function recordedRun(recording: Recording, label: string): PanelRun {
  const run = readRun(label, () => recording);
  run.sync();
  return { ...run, live: false, stop: () => undefined, recorded: Promise.resolve(recording) };
}

function readRun(
  label: string,
  recording: () => Recording,
): Pick<PanelRun, 'label' | 'timeline' | 'recording' | 'sync'> {
  const timeline = new RunTimeline();
  let taken = 0;
  return {
    label,
    timeline,
    recording,
    sync() {
      const { messages } = recording();
      const from = taken;
      for (; taken < messages.length; taken++) timeline.take(messages[taken] as Recording['messages'][number]);
      return taken > from;
    },
  };
}
