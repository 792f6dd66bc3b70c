import { createFieldStore, type FieldStore } from '@fieldstream/core';
import { type Recording, replayRecording, type SteppedReplay } from '@fieldstream/core/recording';
import { useEffect, useState } from 'react';

/** A recording replayed one message at a time: by hand (`step`), or at its recorded pace (`play`). */
export type SteppedRun = {
  store: FieldStore<unknown>;
  /** Messages sent so far. */
  sent: number;
  playing: boolean;
  step(): void;
  play(): void;
  pause(): void;
  /** Starts over with a fresh replay (the old one is aborted). */
  restart(): void;
};

type Replay = { replay: SteppedReplay; store: FieldStore<unknown> };

function freshReplay(recording: Recording): Replay {
  const replay = replayRecording(recording, { pace: 'step' });
  return { replay, store: createFieldStore(replay) };
}

export function useSteppedReplay(recording: Recording): SteppedRun {
  const [run, setRun] = useState(() => freshReplay(recording));
  const [sent, setSent] = useState(0);
  const [playing, setPlaying] = useState(false);
  const total = recording.messages.length;
  const step = () => {
    if (run.replay.step()) setSent((count) => count + 1);
  };
  useEffect(() => {
    if (!playing) return;
    if (sent >= total) {
      setPlaying(false);
      return;
    }
    // The gap the recorded run left before this message.
    const gap = (recording.messages[sent]?.at ?? 0) - (recording.messages[sent - 1]?.at ?? 0);
    const timer = setTimeout(() => {
      if (run.replay.step()) setSent(sent + 1);
    }, gap);
    return () => clearTimeout(timer);
  }, [playing, sent, total, recording, run]);
  return {
    store: run.store,
    sent,
    playing,
    step,
    play: () => setPlaying(true),
    pause: () => setPlaying(false),
    restart() {
      run.replay.abort();
      setRun(freshReplay(recording));
      setSent(0);
      setPlaying(false);
    },
  };
}
