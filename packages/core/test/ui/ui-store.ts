// A store moved through a response's life by hand, for the UI layer's tests.
import {
  type ChunkEvent,
  type ChunkListener,
  createFieldStore,
  type FieldStore,
  type ResponseEvent,
  type ResponseSource,
} from '@fieldstream/core';
import { afterEach, beforeEach, vi } from 'vitest';
import { open, partialText, scalar } from '../store/patches';

/**
 * Fake timers for each test of the calling suite (without a DOM, `'frame'` flushes on a 16 ms timer).
 * Each test ends with a frame: a flush left scheduled would keep the shared frame batch waiting
 * for a timer that is gone.
 */
export function withFakeFrames(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.advanceTimersToNextFrame();
    vi.useRealTimers();
  });
}

/** A store whose attempt 0 streams into an object. */
export function streamingStore(): FieldStore {
  const store = createFieldStore();
  store.dispatch([
    { type: 'attempt', attempt: 0, format: 'json' },
    { type: 'patch', attempt: 0, data: open('', 'object') },
  ]);
  return store;
}

/** A field check rejects attempt 0: the store is `retrying`. */
export function rejectAttempt(store: FieldStore): void {
  store.dispatch({
    type: 'status',
    attempt: 0,
    status: 'retrying',
    retryDelayMs: 0,
    reason: 'field_rejected',
    message: 'at most 10',
  } as ResponseEvent);
}

/** Attempt 0 rejected (`retrying`), then attempt 1 writes `a`, all in one task: `retrying` then `streaming`. */
export function retryInOneTask(store: FieldStore): void {
  rejectAttempt(store);
  store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
  store.dispatch([
    { type: 'patch', attempt: 1, data: open('', 'object') },
    { type: 'patch', attempt: 1, data: scalar('a', 'retried') },
  ]);
}

/** Streams `text` into `path`, one update per patch. */
export function streamEach(store: FieldStore, path: string, text: string): void {
  for (const patch of partialText(path, text, 1)) store.apply([patch]);
}

/** A custom schedule that keeps each flush until the test calls it, and counts cancels. */
export function manualSchedule() {
  const flushes: (() => void)[] = [];
  let cancels = 0;
  const schedule = (flush: () => void): (() => void) => {
    flushes.push(flush);
    return () => cancels++;
  };
  return {
    schedule,
    /** Runs the flush scheduled last. */
    flush: () => flushes.at(-1)?.(),
    scheduled: () => flushes.length,
    cancels: () => cancels,
  };
}

/** A store bound to a source that pushes chunks as a response does; `send` pushes one chunk or a batch of events. */
export function boundStore() {
  let listener: ChunkListener | undefined;
  const source: ResponseSource = {
    subscribe: () => () => {},
    subscribeChunks(chunks) {
      listener = chunks;
      return () => {};
    },
  };
  const send = (input: ChunkEvent | ResponseEvent[]): void => {
    if (Array.isArray(input)) listener?.events(input);
    else listener?.patches(input);
  };
  return { store: createFieldStore(source), send };
}
