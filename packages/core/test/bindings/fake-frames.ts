// A frame scheduler the suite controls: passed as a binding's `schedule`, it flushes only when the
// test says a frame has come.
import type { Schedule } from '@fieldstream/core';

export type FakeFrames = {
  /** The scheduler to pass as `schedule`. A fresh one per test: core keeps one batch per scheduler. */
  readonly schedule: Exclude<Schedule, 'frame' | 'sync'>;
  /** Whether a flush waits for the next frame. */
  waiting(): boolean;
  /** The next frame: runs the flushes waiting for it. */
  next(): void;
};

export function fakeFrames(): FakeFrames {
  let waiting: (() => void)[] = [];
  return {
    schedule: (flush) => {
      waiting.push(flush);
      return () => {
        waiting = waiting.filter((queued) => queued !== flush);
      };
    },
    waiting: () => waiting.length > 0,
    next: () => {
      const due = waiting;
      waiting = [];
      for (const flush of due) flush();
    },
  };
}
