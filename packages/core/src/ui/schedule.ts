import { invalid } from '../errors/check-argument';

/**
 * When a UI hears about a store's changes. `'frame'` (default): at most once per animation frame,
 * all together, so a framework draws once per frame. `'sync'`: on every store update. A function:
 * your own scheduler — it receives `flush`, must call it later, and returns a cancel function.
 * Whatever the schedule, a change to `done`, `error` or `aborted` is delivered at once, so the screen
 * never waits a frame to show the end of a response. So is a change to `retrying`, and views keep
 * reading that state until a render has read it (at the latest until the schedule's next flush; a
 * frame for `'sync'`), so a retry renders even when the store has moved on to the retried attempt
 * before the framework renders.
 */
export type Schedule = 'frame' | 'sync' | ((flush: () => void) => () => void);

/** The `'frame'` schedule: the next animation frame, or a frame's time where there are none (a server, a test without a DOM). */
export const scheduleFrame = (flush: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(flush);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(flush, 16);
  return () => clearTimeout(id);
};

/** `'frame'`, `'sync'`, a scheduler function or nothing; else an `ArgumentError` naming `where`. */
export function checkSchedule(where: string, value: unknown): asserts value is Schedule | undefined {
  if (value !== undefined && value !== 'frame' && value !== 'sync' && typeof value !== 'function')
    throw invalid(where, "'frame', 'sync' or a scheduler function", value);
}
