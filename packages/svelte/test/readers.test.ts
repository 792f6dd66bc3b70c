// The readers: each hears only about its own path, once per flush of its schedule, the end of a
// response and a retry at once, and wakes whatever reads it only when its value changed.
import type { DynamicPath, ResponseEvent } from '@fieldstream/core';
import { cleanup } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { close, open, scalar } from '../../core/test/store/patches';
import { manualSchedule, rejectAttempt, retryInOneTask, streamEach, streamingStore } from '../../core/test/ui/ui-store';
import { fieldStore, finalData, instantField, instantList, reasoning, streamStatus, toolCalls } from '../src/index.js';
import { probe, settle } from './support/probes';

afterEach(cleanup);

const valueIn = (field: { value: unknown }): unknown => field.value;

describe('instantField', () => {
  it('wakes only the readers of the path that changed', () => {
    const store = streamingStore();
    const a = probe(instantField(store, 'a' as DynamicPath, { schedule: 'sync' }));
    const b = probe(instantField(store, 'b' as DynamicPath, { schedule: 'sync' }));
    // Two updates in one task: Svelte runs the effect once, with the last.
    settle(() => streamEach(store, 'a', 'xy'));
    expect(a.seen.map(valueIn)).toEqual([undefined, 'xy']);
    expect(b.seen.map(valueIn)).toEqual([undefined]);
    settle(() => streamEach(store, 'b', 'z'));
    expect(a.seen).toHaveLength(2);
    expect(b.seen.map(valueIn)).toEqual([undefined, 'z']);
  });

  it('changes once per flush of its schedule, with everything the flush holds', () => {
    const store = streamingStore();
    const frames = manualSchedule();
    const a = probe(instantField(store, 'a' as DynamicPath, { schedule: frames.schedule }));
    settle(() => streamEach(store, 'a', 'hello'));
    expect(a.seen.map(valueIn)).toEqual([undefined]);
    settle(frames.flush);
    expect(a.seen.map(valueIn)).toEqual([undefined, 'hello']);
    settle(() => streamEach(store, 'a', 'hello world'.slice(0, 8)));
    settle(frames.flush);
    expect(a.seen.map(valueIn)).toEqual([undefined, 'hello', 'hello wo']);
  });

  it('shows the end of a response at once, without waiting for the flush', () => {
    const store = streamingStore();
    const frames = manualSchedule();
    const a = probe(instantField(store, 'a' as DynamicPath, { schedule: frames.schedule }));
    const status = probe(streamStatus(store, { schedule: frames.schedule }));
    settle(() => {
      streamEach(store, 'a', 'ab');
      store.dispatch({ type: 'aborted', attempt: 0 });
    });
    expect(a.seen.map(valueIn)).toEqual([undefined, 'ab']);
    expect(status.seen.map((s) => s.status)).toEqual(['streaming', 'aborted']);
  });

  it('keeps the failed attempt visible as stale on a retry, and shows the retry though the new attempt starts in the same task', () => {
    const store = streamingStore();
    store.apply([scalar('b', 'first')]);
    const status = probe(streamStatus(store));
    const b = probe(instantField(store, 'b' as DynamicPath));
    settle(() => retryInOneTask(store));
    expect(status.seen.map((s) => [s.status, s.attempt])).toEqual([
      ['streaming', 0],
      ['retrying', 1],
    ]);
    expect(b.seen.at(-1)).toMatchObject({ value: 'first', stale: true });
  });

  it('reads how the final data reconciled the field', () => {
    const store = streamingStore();
    store.apply([scalar('a', 'draft'), scalar('b', 'kept')]);
    const a = probe(instantField(store, 'a' as DynamicPath, { schedule: 'sync' }));
    const b = probe(instantField(store, 'b' as DynamicPath, { schedule: 'sync' }));
    settle(() => {
      store.dispatch({ type: 'status', attempt: 0, status: 'done' } as ResponseEvent);
      store.dispatch({ type: 'final', attempt: 0, data: { a: 'final', b: 'kept' } });
    });
    expect(a.seen.at(-1)).toMatchObject({ value: 'final', reconciled: 'changed' });
    expect(b.seen.at(-1)).toMatchObject({ value: 'kept', reconciled: 'confirmed' });
  });

  it('throws the typed path error for a malformed path', () => {
    const store = streamingStore();
    expect(() => instantField(store, 'a[' as DynamicPath)).toThrow(
      expect.objectContaining({ name: 'PathSyntaxError', code: 'PATH_INVALID' }),
    );
    expect(() => instantList(store, 'a' as DynamicPath)).toThrow(expect.objectContaining({ code: 'PATH_INVALID' }));
  });

  it('stops hearing the store once nothing reads it', () => {
    const store = streamingStore();
    const heard: number[] = [];
    const reader = fieldStore(
      store,
      (state) => {
        heard.push(state.attempt);
        return state.status;
      },
      { schedule: 'sync' },
    );
    const a = probe(reader);
    a.unmount();
    settle();
    const before = heard.length;
    settle(() => streamEach(store, 'a', 'xyz'));
    expect(heard).toHaveLength(before);
  });
});

describe('the other readers', () => {
  it('streamStatus keeps its object while status and attempt hold', () => {
    const store = streamingStore();
    const status = probe(streamStatus(store, { schedule: 'sync' }));
    settle(() => streamEach(store, 'a', 'abc'));
    expect(status.seen).toHaveLength(1);
    settle(() => rejectAttempt(store));
    expect(status.seen.map((s) => s.status)).toEqual(['streaming', 'retrying']);
    expect(status.seen[1]?.retry).toMatchObject({ reason: 'field_rejected', message: 'at most 10' });
  });

  it('finalData is undefined until the final data, then exactly it', () => {
    const store = streamingStore();
    const final = probe(finalData(store, { schedule: 'sync' }));
    settle(() => streamEach(store, 'a', 'x'));
    expect(final.seen).toEqual([undefined]);
    settle(() => {
      store.dispatch({ type: 'status', attempt: 0, status: 'done' } as ResponseEvent);
      store.dispatch({ type: 'final', attempt: 0, data: { a: 'x' } });
    });
    expect(final.seen).toEqual([undefined, { a: 'x' }]);
  });

  it('reasoning shows the reasoning text of the current attempt', () => {
    const store = streamingStore();
    const text = probe(reasoning(store, { schedule: 'sync' }));
    settle(() => streamEach(store, '$reasoning', 'think'));
    expect(text.seen.at(-1)).toBe('think');
    expect(text.seen[0]).toBe('');
  });

  it('instantList changes only when an item appears, with keys that survive the final data', () => {
    const store = streamingStore();
    store.apply([open('items', 'array')]);
    const list = probe(instantList(store, 'items[*]' as DynamicPath, { schedule: 'sync' }));
    settle(() => store.apply([open('items[0]', 'object')]));
    settle(() => streamEach(store, 'items[0].name', 'Ada'));
    settle(() => store.apply([open('items[1]', 'object')]));
    expect(list.seen.map((items) => items.map((item) => item.path))).toEqual([
      [],
      ['items[0]'],
      ['items[0]', 'items[1]'],
    ]);
    const keys = list.seen.at(-1)?.map((item) => item.key);
    settle(() => {
      store.apply([close('items', [{ name: 'Ada' }, {}])]);
      store.dispatch({ type: 'status', attempt: 0, status: 'done' } as ResponseEvent);
      store.dispatch({ type: 'final', attempt: 0, data: { items: [{ name: 'Ada' }, {}] } });
    });
    expect(list.seen.at(-1)?.map((item) => item.key)).toEqual(keys);
  });

  it('toolCalls shows the calls as they stream', () => {
    const store = streamingStore();
    const calls = probe(toolCalls(store, { schedule: 'sync' }));
    settle(() => store.apply([scalar('$tools[0].name', 'search'), scalar('$tools[0].id', 'call_1')]));
    expect(calls.seen[0]).toEqual([]);
    expect(calls.seen.at(-1)).toMatchObject([{ index: 0, id: 'call_1', name: 'search' }]);
  });
});
