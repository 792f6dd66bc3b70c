// A retry the UI never sees (issue 46): the store goes `retrying` -> `streaming` in one task, before
// a framework renders. A view delivers `retrying` at once and reads it until a render has read it
// and the store changed again, or until the schedule's next flush.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createStoreView, fieldSelector, type ResponseStatus } from '@fieldstream/core';
import { describe, expect, it, vi } from 'vitest';
import { manualSchedule, rejectAttempt, retryInOneTask, streamingStore, withFakeFrames } from './ui-store';

const selectStatus = (state: { status: ResponseStatus }): ResponseStatus => state.status;
/** The status with the attempt, e.g. `retrying 1`. */
const selectStep = (state: { status: ResponseStatus; attempt: number }): string => `${state.status} ${state.attempt}`;

describe('a held retrying', () => {
  withFakeFrames();

  it.each(['frame', 'sync'] as const)(
    "on '%s': delivered at once, read until the next flush, then the retried attempt",
    (schedule) => {
      const store = streamingStore();
      const view = createStoreView(store, { schedule });
      const read = view.select(selectStep);
      const seen: string[] = [];
      // A listener's own read is a check: what it sees is not shown yet.
      const stop = view.subscribe(() => seen.push(read()));
      retryInOneTask(store);
      expect(selectStep(store.getState())).toBe('streaming 1');
      // The retry, then the retried attempt's start (still retrying until its first patch).
      expect(seen).toEqual(['retrying 0', 'retrying 1']);
      expect(read()).toBe('retrying 1');
      vi.advanceTimersToNextFrame();
      expect(seen).toEqual(['retrying 0', 'retrying 1', 'streaming 1']);
      expect(read()).toBe('streaming 1');
      stop();
    },
  );

  it('holds the whole state: every selection reads the rejected attempt until it is released', () => {
    const store = streamingStore();
    const view = createStoreView(store);
    const readA = view.select(fieldSelector('a'));
    const stop = view.subscribe(() => {});
    retryInOneTask(store);
    expect(readA().value).toBeUndefined();
    vi.advanceTimersToNextFrame();
    expect(readA().value).toBe('retried');
    stop();
  });

  it('released by the first change after a render has read it, before the flush', () => {
    const store = streamingStore();
    const manual = manualSchedule();
    const view = createStoreView(store, { schedule: manual.schedule });
    const read = view.select(selectStatus);
    const stop = view.subscribe(() => {});
    rejectAttempt(store);
    // A render reads the retry (outside the listeners); the next change then shows what the store has.
    expect(read()).toBe('retrying');
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    expect(read()).toBe('retrying');
    expect(store.getState().status).toBe('retrying');
    retryInOneTask(store);
    expect(read()).toBe('streaming');
    manual.flush();
    stop();
  });

  it('a read in the listener that says it renders counts as seen', () => {
    const store = streamingStore();
    const view = createStoreView(store, { schedule: 'sync' });
    const read = view.select(selectStep);
    const shown: string[] = [];
    const stop = view.subscribe(() => shown.push(read(true)));
    retryInOneTask(store);
    // Seen at once, so the retried attempt's first patch comes through without waiting for a frame.
    expect(shown).toEqual(['retrying 0', 'retrying 1', 'streaming 1']);
    stop();
  });

  it('the end of the response releases it at once', () => {
    const store = streamingStore();
    const view = createStoreView(store);
    const read = view.select(selectStatus);
    const stop = view.subscribe(() => {});
    retryInOneTask(store);
    expect(read()).toBe('retrying');
    store.dispatch({ type: 'final', attempt: 1, data: { a: 'retried' } });
    expect(read()).toBe('done');
    stop();
  });
});

describe('a held retrying and garbage collection', () => {
  it("on 'sync', a store left retrying is not kept alive once no view reads it", async () => {
    // `gc` from V8's flags, for this check only: the holds are weak, so the store can be collected.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collected = (() => {
      const store = streamingStore();
      const stop = createStoreView(store, { schedule: 'sync' }).subscribe(() => {});
      rejectAttempt(store);
      expect(store.getState().status).toBe('retrying');
      stop();
      return new WeakRef(store);
    })();
    // A macrotask first: nothing of the test's own frames may still hold the store.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(collected.deref()).toBeUndefined();
  });
});
