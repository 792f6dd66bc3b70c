import { useSyncExternalStore } from 'react';
import type { EventRecorder, RecorderSnapshot } from './event-recorder';

const EMPTY: RecorderSnapshot = {
  version: -1,
  patches: [],
  patchCount: 0,
  attempts: [],
  observations: [],
  status: 'idle',
};
const noSubscribe = (): (() => void) => () => {};
const emptySnapshot = (): RecorderSnapshot => EMPTY;

/** The recorder's latest snapshot (at most one update per frame); empty before the first run. */
export function useRecorder(recorder: EventRecorder | undefined): RecorderSnapshot {
  return useSyncExternalStore(
    recorder?.subscribe ?? noSubscribe,
    recorder?.getSnapshot ?? emptySnapshot,
    recorder?.getSnapshot ?? emptySnapshot,
  );
}
