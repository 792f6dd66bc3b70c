// useStreamStatus renders a retry: `retrying` and its reason reach the screen even when the retry
// and the new attempt's start arrive within one frame.
import { createFieldStore, type FieldStore, type ResponseEvent } from '@fieldstream/core';
import { useStreamStatus } from '@fieldstream/react';
import { act, render, renderHook, screen } from '@testing-library/react';
import { type ReactElement, useLayoutEffect } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createTestSource, open, partialText, streamText } from './support/fixtures';
import { describeInModes } from './support/modes';

function RetryBadge({ store, shown }: { store: FieldStore; shown: string[] }): ReactElement {
  const { status, attempt, retry } = useStreamStatus(store);
  const text = status === 'retrying' ? `retrying · ${retry?.reason ?? '…'} · ${retry?.message ?? ''}` : status;
  // Every committed text, in order (what a user could have seen).
  useLayoutEffect(() => {
    if (shown.at(-1) !== text) shown.push(text);
  });
  return (
    <p data-testid="badge" data-status={status} data-attempt={attempt}>
      {text}
    </p>
  );
}

/** `status: 'retrying'` with the failure's text, as a response that sends it would. */
const retrying = (attempt: number, message: string): ResponseEvent =>
  ({ type: 'status', attempt, status: 'retrying', retryDelayMs: 0, message }) as ResponseEvent;

describeInModes('useStreamStatus through a retry', (mode) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders retrying with the reason for a frame, though the new attempt started in the same frame', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const shown: string[] = [];
    render(<RetryBadge store={store} shown={shown} />, { wrapper: mode.wrapper });
    act(() => {
      source.attempt(0);
      source.patches(0, [open('', 'object'), ...streamText('summary', 'a summary far too long')]);
    });
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByTestId('badge').textContent).toBe('streaming');

    // Each event its own store update, all within one frame (as a response emits them).
    act(() => {
      source.emit({ type: 'status', attempt: 0, status: 'validating' });
      source.emit(retrying(0, 'summary: at most 10 characters'));
      source.attempt(1, 'validation_failed');
      source.emit({ type: 'status', attempt: 1, status: 'streaming' });
    });
    act(() => vi.advanceTimersToNextFrame());
    const badge = screen.getByTestId('badge');
    expect(badge.textContent).toBe('retrying · validation_failed · summary: at most 10 characters');
    expect(badge.dataset).toMatchObject({ status: 'retrying', attempt: '1' });

    act(() => source.patches(1, [open('', 'object'), ...partialText('summary', 'short')]));
    act(() => vi.advanceTimersToNextFrame());
    expect(badge.textContent).toBe('streaming');
    act(() => {
      source.patches(1, streamText('summary', 'short'));
      source.emit({ type: 'final', attempt: 1, data: { summary: 'short' } });
    });
    expect(shown).toEqual([
      'idle',
      'streaming',
      'retrying · validation_failed · summary: at most 10 characters',
      'streaming',
      'done',
    ]);
  });

  it('returns the retry record, kept after the retry and shared while it holds', () => {
    const store = createFieldStore();
    const { result } = renderHook(() => useStreamStatus(store, { schedule: 'sync' }), { wrapper: mode.wrapper });
    expect(result.current.retry).toBeUndefined();
    act(() =>
      store.dispatch([
        { type: 'attempt', attempt: 0, format: 'json' },
        { type: 'status', attempt: 0, status: 'retrying', retryDelayMs: 1000 },
      ]),
    );
    expect(result.current).toEqual({
      status: 'retrying',
      attempt: 0,
      error: undefined,
      retry: { attempt: 1, reason: undefined, message: undefined, delayMs: 1000, format: undefined },
    });
    act(() => store.dispatch({ type: 'attempt', attempt: 1, format: 'json', reason: 'request_failed' }));
    const waiting = result.current;
    expect(waiting).toMatchObject({ status: 'retrying', attempt: 1, retry: { reason: 'request_failed' } });
    act(() => store.dispatch({ type: 'status', attempt: 1, status: 'streaming' }));
    expect(result.current).toBe(waiting);
    act(() => store.apply(partialText('summary', 'again')));
    expect(result.current).toEqual({ ...waiting, status: 'streaming' });
    expect(result.current.retry).toBe(waiting.retry);
  });
});
