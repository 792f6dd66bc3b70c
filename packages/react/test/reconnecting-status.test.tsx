import { createFieldStore } from '@fieldstream/core';
import { useStreamStatus } from '@fieldstream/react';
import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createTestSource, streamText } from './support/fixtures';
import { describeInModes } from './support/modes';

describeInModes('useStreamStatus shows a resumable stream’s gap', (mode) => {
  it('reconnecting is set while the connection is down and cleared when it is open again; status stays', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { result } = renderHook(() => useStreamStatus(store, { schedule: 'sync' }), { wrapper: mode.wrapper });
    act(() => source.attempt(0));
    act(() => source.patches(0, streamText('summary', 'text')));
    act(() => source.emit({ type: 'connection', attempt: 0, state: 'reconnecting', retry: 2, delayMs: 500 }));
    expect(result.current).toMatchObject({ status: 'streaming', reconnecting: { retry: 2, delayMs: 500 } });
    act(() => source.emit({ type: 'connection', attempt: 0, state: 'open', retry: 2, delayMs: 0 }));
    expect(result.current.status).toBe('streaming');
    expect(result.current.reconnecting).toBeUndefined();
    act(() => source.emit({ type: 'connection', attempt: 0, state: 'reconnecting', retry: 1, delayMs: 250 }));
    act(() => source.emit({ type: 'final', attempt: 0, data: { summary: 'text' } }));
    // The end clears it: a settled response has no connection to wait for.
    expect(result.current).toMatchObject({ status: 'done', reconnecting: undefined });
  });
});
