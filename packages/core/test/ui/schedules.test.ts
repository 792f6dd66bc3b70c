// When a store view's listeners hear about changes: once per flush of their schedule, with one
// batch per schedule shared by every store and view, and the end of a response at once.
import { createFieldStore, createStoreView, type ResponseEvent } from '@fieldstream/core';
import { describe, expect, it, vi } from 'vitest';
import { partialText } from '../store/patches';
import { manualSchedule, streamEach, streamingStore, withFakeFrames } from './ui-store';

/** Counts the notifications of `onChange`-style listeners by name. */
function counter() {
  const heard: string[] = [];
  return { heard, listener: (name: string) => () => heard.push(name) };
}

describe('store view schedules', () => {
  withFakeFrames();

  it("'frame' (the default): many updates in a frame are one notification, at the frame", () => {
    const store = streamingStore();
    const { heard, listener } = counter();
    const stop = createStoreView(store).subscribe(listener('a'));
    streamEach(store, 'a', 'alpha beta');
    expect(heard).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['a']);
    expect(store.getState().data).toEqual({ a: 'alpha beta' });
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['a']);
    stop();
  });

  it('one batch per schedule: views of two stores hear about one frame in the same pass', () => {
    const [first, second] = [streamingStore(), streamingStore()];
    const { heard, listener } = counter();
    const stops = [
      createStoreView(first).subscribe(listener('first')),
      createStoreView(second, { schedule: 'frame' }).subscribe(listener('second')),
    ];
    streamEach(first, 'a', 'one');
    streamEach(second, 'b', 'two');
    vi.advanceTimersByTime(15);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual(['first', 'second']);
    for (const stop of stops) stop();
  });

  it("'sync': every update notifies at once", () => {
    const store = streamingStore();
    const { heard, listener } = counter();
    const stop = createStoreView(store, { schedule: 'sync' }).subscribe(listener('a'));
    streamEach(store, 'a', 'abc');
    expect(heard).toEqual(['a', 'a', 'a']);
    stop();
  });

  it('a custom schedule flushes when it says so, and is cancelled by the end of the response', () => {
    const store = streamingStore();
    const manual = manualSchedule();
    const { heard, listener } = counter();
    const stop = createStoreView(store, { schedule: manual.schedule }).subscribe(listener('a'));
    streamEach(store, 'a', 'custom');
    expect([manual.scheduled(), heard]).toEqual([1, []]);
    manual.flush();
    expect(heard).toEqual(['a']);
    expect(manual.cancels()).toBe(0);
    streamEach(store, 'a', ' end');
    expect(manual.scheduled()).toBe(2);
    store.dispatch({ type: 'aborted', attempt: 0 });
    expect(manual.cancels()).toBe(1);
    expect(heard).toEqual(['a', 'a']);
    stop();
  });

  it.each([
    ['done', { type: 'final', attempt: 0, data: { a: 'almost done' } }],
    ['error', { type: 'error', attempt: 0, error: new Error('boom') }],
    ['aborted', { type: 'aborted', attempt: 0 }],
  ] as const)("delivers '%s' at once, with every notification waiting for the frame", (status, event) => {
    const store = streamingStore();
    const other = streamingStore();
    const { heard, listener } = counter();
    const stops = [
      createStoreView(other).subscribe(listener('other')),
      createStoreView(store).subscribe(listener('a')),
    ];
    streamEach(other, 'b', 'waiting');
    streamEach(store, 'a', 'almost');
    store.dispatch(event as ResponseEvent);
    expect(store.getState().status).toBe(status);
    // The other store's view heard in the same pass, before the ended one: nothing waits for the frame.
    expect(heard).toEqual(['other', 'a']);
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['other', 'a']);
    for (const stop of stops) stop();
  });

  it("delivers the end at once though the custom schedule's cancel throws", () => {
    const store = streamingStore();
    const thrown = new Error('cancel failed');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { heard, listener } = counter();
    const stop = createStoreView(store, {
      schedule: () => () => {
        throw thrown;
      },
    }).subscribe(listener('a'));
    streamEach(store, 'a', 'end');
    store.dispatch({ type: 'aborted', attempt: 0 });
    expect(heard).toEqual(['a']);
    expect(errors.mock.calls.some(([, error]) => error === thrown)).toBe(true);
    errors.mockRestore();
    stop();
  });

  it('never calls a listener that unsubscribed while its notification was waiting', () => {
    const store = createFieldStore();
    const { heard, listener } = counter();
    const stopFirst = createStoreView(store).subscribe(listener('first'));
    const stopSecond = createStoreView(store).subscribe(listener('second'));
    store.apply(partialText('a', 'pending', 1));
    stopFirst();
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['second']);
    stopSecond();
    store.apply(partialText('b', 'later', 1));
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['second']);
  });
});
