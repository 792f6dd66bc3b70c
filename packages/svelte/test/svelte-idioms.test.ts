// Svelte's own idioms: a reader made in $derived follows its store and path and lets the old
// subscription go; throwOnError hands the store's error to a <svelte:boundary>.
import { type ResponseEvent, TransportError } from '@fieldstream/core';
import { cleanup, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { streamEach, streamingStore } from '../../core/test/ui/ui-store';
import FieldView from './support/FieldView.svelte';
import Guarded from './support/Guarded.svelte';

afterEach(cleanup);

/** Resolves after the microtask in which Svelte lets an unread subscription go. */
const aTick = (): Promise<void> => new Promise((resolve) => queueMicrotask(resolve));

describe('readers in $derived', () => {
  it('follow a new store and path, and the old store changes nothing', async () => {
    const first = streamingStore();
    const second = streamingStore();
    streamEach(first, 'a', 'one');
    streamEach(second, 'b', 'two');
    const { rerender } = render(FieldView, { props: { store: first, path: 'a' } });
    expect(screen.getByRole('status').textContent).toBe('one');
    await rerender({ store: second, path: 'b' });
    flushSync();
    expect(screen.getByRole('status').textContent).toBe('two');
    await aTick();
    streamEach(first, 'a', 'x');
    flushSync();
    expect(screen.getByRole('status').textContent).toBe('two');
    second.dispatch({ type: 'final', attempt: 0, data: { b: 'final' } });
    flushSync();
    expect(screen.getByRole('status').textContent).toBe('final');
  });
});

describe('throwOnError', () => {
  it('hands the store error to the nearest <svelte:boundary>', () => {
    const store = streamingStore();
    streamEach(store, 'a', 'ok');
    render(Guarded, { props: { store } });
    expect(screen.getByRole('status').textContent).toBe('ok');
    store.dispatch({ type: 'error', attempt: 0, error: new TransportError('gateway down', 502, '') } as ResponseEvent);
    flushSync();
    expect(screen.getByRole('alert').textContent).toBe('gateway down');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
