// A store view: per-path subscriptions, stable selections, the error for an error boundary, reads
// that count as renders or checks, and a bound store read once per flush.
import {
  ArgumentError,
  createStoreView,
  type FieldStoreState,
  fieldSelector,
  type StreamingData,
} from '@fieldstream/core';
import { describe, expect, it, vi } from 'vitest';
import { partialText } from '../store/patches';
import { boundStore, streamEach, streamingStore, withFakeFrames } from './ui-store';

describe('createStoreView', () => {
  withFakeFrames();

  it('with a path, hears only about updates that may change that path', () => {
    const store = streamingStore();
    const heard: string[] = [];
    const stops = ['a', 'b'].map((path) =>
      createStoreView(store, { path, schedule: 'sync' }).subscribe(() => heard.push(path)),
    );
    streamEach(store, 'a', 'xy');
    expect(heard).toEqual(['a', 'a']);
    streamEach(store, 'b', 'z');
    expect(heard).toEqual(['a', 'a', 'b']);
    // A status change touches every path.
    store.dispatch({ type: 'aborted', attempt: 0 });
    expect(heard.slice(3).sort()).toEqual(['a', 'b']);
    for (const stop of stops) stop();
  });

  it("on 'frame', a path's view waits for the frame and skips frames that did not touch its path", () => {
    const store = streamingStore();
    const heard: string[] = [];
    const stops = ['a', 'b'].map((path) => createStoreView(store, { path }).subscribe(() => heard.push(path)));
    streamEach(store, 'a', 'one');
    vi.advanceTimersToNextFrame();
    streamEach(store, 'b', 'two');
    streamEach(store, 'a', 'three');
    expect(heard).toEqual(['a']);
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['a', 'b', 'a']);
    for (const stop of stops) stop();
  });

  it('a selection keeps its reference while `equals` says it did not change', () => {
    const store = streamingStore();
    const view = createStoreView(store);
    const selectA = fieldSelector('a');
    const read = view.select((state: FieldStoreState) => ({ length: String(selectA(state).value ?? '').length }), {
      equals: (previous, next) => previous.length === next.length,
    });
    const first = read();
    expect(read()).toBe(first);
    streamEach(store, 'a', 'ab');
    const second = read();
    expect(second).toEqual({ length: 2 });
    expect(second).not.toBe(first);
    store.dispatch({ type: 'final', attempt: 0, data: { a: 'cd' } });
    expect(read()).toBe(second);
    // Without `equals`, `Object.is`: a field's state is a new object only when it changed.
    const readA = view.select(fieldSelector('a'));
    expect(readA()).toBe(readA());
  });

  it('with throwOnError, the reader throws the store error once the status is `error`', () => {
    const store = streamingStore();
    const view = createStoreView(store);
    const read = view.select((state: FieldStoreState) => state.status, { throwOnError: true });
    const lenient = view.select((state: FieldStoreState) => state.status);
    expect(read()).toBe('streaming');
    const error = new Error('boom');
    store.dispatch({ type: 'error', attempt: 0, error } as never);
    expect(() => read()).toThrow(error);
    expect(lenient()).toBe('error');
  });

  it("off 'sync', a bound store applies a response's chunks once per flush, and its end at once", () => {
    const { store, send } = boundStore();
    let updates = 0;
    store.subscribe(() => updates++, { onPending: () => {} });
    const view = createStoreView(store, { path: 'a' });
    const read = view.select(fieldSelector('a'));
    const seen: unknown[] = [];
    const stop = view.subscribe(() => seen.push(read().value));
    send([{ type: 'attempt', attempt: 0, format: 'json' }]);
    vi.advanceTimersToNextFrame();
    [updates, seen.length] = [0, 0];
    const patches = partialText('a', 'abcdef', 1);
    for (let frame = 0; frame < 2; frame++) {
      for (const patch of patches.slice(frame * 3, frame * 3 + 3))
        send({ type: 'chunk', attempt: 0, text: patch.delta, patches: [patch] });
      expect(updates).toBe(frame);
      vi.advanceTimersToNextFrame();
      expect(updates).toBe(frame + 1);
    }
    expect(seen).toEqual(['abc', 'abcdef']);
    send({ type: 'chunk', attempt: 0, text: '!', patches: partialText('a', '!', 1) });
    send([{ type: 'final', attempt: 0, data: { a: 'abcdef!' } }]);
    // The waiting chunk and the final data: one update, delivered at once.
    expect(updates).toBe(3);
    expect(seen).toEqual(['abc', 'abcdef', 'abcdef!']);
    stop();
  });

  it("a render's read that applies a malformed chunk tells the other views in a microtask, not during the read", async () => {
    vi.useRealTimers();
    const { store, send } = boundStore();
    const view = createStoreView(store);
    const read = view.select((state: FieldStoreState) => state.status);
    let reading = false;
    const heardDuringRead: boolean[] = [];
    const stop = view.subscribe(() => heardDuringRead.push(reading));
    send([{ type: 'attempt', attempt: 0, format: 'json' }]);
    const [bad] = partialText('a..b', 'x', 1);
    send({ type: 'chunk', attempt: 0, text: 'x', patches: [bad as StreamingData] });
    heardDuringRead.length = 0;
    reading = true;
    expect(read()).toBe('error');
    reading = false;
    expect(heardDuringRead).toEqual([]);
    await Promise.resolve();
    expect(heardDuringRead).toEqual([false]);
    stop();
    vi.useFakeTimers();
  });
});

describe('createStoreView: bad input and throwing listeners', () => {
  withFakeFrames();

  it('throws an ArgumentError naming the argument, before anything subscribes', () => {
    const store = streamingStore();
    const cases: [() => unknown, string][] = [
      [
        () => createStoreView({ getState: () => ({}) } as never),
        'createStoreView store must be a field store (createFieldStore), got an object',
      ],
      [
        () => createStoreView(store, { schedule: 'later' as never }),
        `createStoreView options.schedule must be 'frame', 'sync' or a scheduler function, got the string "later"`,
      ],
      [
        () => createStoreView(store, { path: 3 as never }),
        'createStoreView options.path must be a string, got the number 3',
      ],
    ];
    for (const [make, message] of cases) {
      const error = (() => {
        try {
          make();
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(ArgumentError);
      expect((error as ArgumentError).message).toBe(message);
    }
  });

  it("a listener that throws is reported, and the frame's other listeners still hear about it", () => {
    const store = streamingStore();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: string[] = [];
    const stops = [
      createStoreView(store, { path: 'a' }).subscribe(() => heard.push('first')),
      createStoreView(store, { path: 'a' }).subscribe(() => {
        throw new Error('a broken component');
      }),
      createStoreView(store, { path: 'a' }).subscribe(() => heard.push('last')),
    ];
    streamEach(store, 'a', 'xy');
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['first', 'last']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]).toEqual([
      'Fieldstream: a store view listener threw (the other listeners still ran):',
      new Error('a broken component'),
    ]);
    // The next frame still flushes for every listener.
    streamEach(store, 'a', 'z');
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['first', 'last', 'first', 'last']);
    errors.mockRestore();
    for (const stop of stops) stop();
  });
});
