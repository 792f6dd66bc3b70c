import { createFieldStore, ProviderError } from '@fieldstream/core';
import { useFinalData, useInstantList, useReasoning, useStreamStatus } from '@fieldstream/react';
import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createTestSource, open, partialText, streamText } from './support/fixtures';
import { describeInModes } from './support/modes';

describeInModes('status, final data, reasoning and list hooks', (mode) => {
  const sync = { schedule: 'sync' } as const;

  it('useStreamStatus follows status and attempts, keeping its object while they hold', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { result } = renderHook(() => useStreamStatus(store, sync), { wrapper: mode.wrapper });
    expect(result.current).toEqual({ status: 'idle', attempt: 0, error: undefined });
    act(() => source.attempt(0));
    const streaming = result.current;
    expect(streaming).toEqual({ status: 'streaming', attempt: 0, error: undefined });
    act(() => source.patches(0, streamText('summary', 'text')));
    expect(result.current).toBe(streaming);
    act(() => source.attempt(1, 'ensure failed'));
    // A retry shows `retrying` until the new attempt's first patch (retry-status.test.tsx).
    const retry = { attempt: 1, reason: 'ensure failed', message: undefined, delayMs: 0, format: 'json' };
    expect(result.current).toEqual({ status: 'retrying', attempt: 1, error: undefined, retry });
    const error = new ProviderError('openai', 'server_error', 'boom', { attempt: 1 });
    act(() => source.emit({ type: 'error', attempt: 1, error }));
    expect(result.current).toEqual({ status: 'error', attempt: 1, error, retry });
  });

  it('useFinalData is undefined until the final data, then exactly it', () => {
    const source = createTestSource();
    const store = createFieldStore<{ summary: string }>(source);
    const { result } = renderHook(() => useFinalData(store, sync), { wrapper: mode.wrapper });
    act(() => source.patches(0, streamText('summary', 'draft')));
    expect(result.current).toBeUndefined();
    const final = { summary: 'final' };
    act(() => source.emit({ type: 'final', attempt: 0, data: final }));
    expect(result.current).toBe(final);
  });

  it('useReasoning shows the reasoning text of the current attempt', () => {
    const store = createFieldStore();
    const { result } = renderHook(() => useReasoning(store, sync), { wrapper: mode.wrapper });
    expect(result.current).toBe('');
    act(() => store.apply(partialText('$reasoning', 'First, the logs', 3)));
    expect(result.current).toBe('First, the logs');
  });

  it('useInstantList changes only when an item appears, with keys that survive the final data', () => {
    const store = createFieldStore();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return useInstantList(store, 'items[*]', sync);
      },
      { wrapper: mode.wrapper },
    );
    act(() => store.apply([open('items', 'array'), ...partialText('items[0]', 'fir', 1)]));
    const one = result.current;
    const rendersWithOne = renders;
    act(() => store.apply(streamText('items[0]', 'first item', 1)));
    expect(result.current).toBe(one);
    expect(renders).toBe(rendersWithOne);
    act(() => store.apply(partialText('items[1]', 's', 1)));
    expect(result.current.map((item) => item.key)).toEqual(['items[0]', 'items[1]']);
    act(() => store.dispatch({ type: 'final', attempt: 0, data: { items: ['first item', 'second'] } }));
    expect(result.current.map((item) => item.key)).toEqual(['items[0]', 'items[1]']);
  });
});
