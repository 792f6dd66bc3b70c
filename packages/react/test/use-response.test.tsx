import { createResponse, defineOutput, type ResponseSource } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { useInstantField, useResponse, useStreamStatus } from '@fieldstream/react';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import { createTestSource, partialText, streamText, type TestSource } from './support/fixtures';
import { describeInModes } from './support/modes';

type Started = { source: TestSource; signal: AbortSignal; args: unknown[] };

function recorder() {
  const started: Started[] = [];
  const start = (signal: AbortSignal, ...args: unknown[]): TestSource => {
    const source = createTestSource();
    // Like createResponse: an aborted signal makes the response report `aborted`.
    signal.addEventListener('abort', () => source.emit({ type: 'aborted', attempt: 0 }), { once: true });
    started.push({ source, signal, args });
    return source;
  };
  return { started, start };
}

describeInModes('useResponse', (mode) => {
  it('starts on demand, hands out the store, and aborts the running response on unmount', () => {
    const { started, start } = recorder();
    const { result, unmount } = renderHook(() => useResponse(start), { wrapper: mode.wrapper });
    expect(started).toHaveLength(0);
    expect(result.current.store.getState().status).toBe('idle');
    act(() => {
      result.current.start('question');
    });
    expect(started).toHaveLength(1);
    const run = started[0] as Started;
    expect(run.args).toEqual(['question']);
    expect(result.current.response).toBe(run.source);
    act(() => {
      run.source.attempt(0);
      run.source.patches(0, streamText('summary', 'hello'));
    });
    expect(result.current.store.getField('summary').value).toBe('hello');
    unmount();
    expect(run.signal.aborted).toBe(true);
  });

  it('aborts the previous response when starting again, and applies nothing after abort()', () => {
    const { started, start } = recorder();
    const { result } = renderHook(() => useResponse(start), { wrapper: mode.wrapper });
    act(() => {
      result.current.start();
    });
    const first = started[0] as Started;
    const firstStore = result.current.store;
    act(() => {
      result.current.start();
    });
    expect(first.signal.aborted).toBe(true);
    expect(firstStore.getState().status).toBe('aborted');
    expect(result.current.store).not.toBe(firstStore);

    const second = started[1] as Started;
    act(() => second.source.patches(0, partialText('summary', 'before abort')));
    act(() => result.current.abort());
    expect(second.signal.aborted).toBe(true);
    const aborted = result.current.store.getState();
    expect(aborted.status).toBe('aborted');
    // A source that keeps talking after the abort changes nothing.
    act(() => second.source.patches(0, streamText('summary', 'before abort and after')));
    expect(result.current.store.getState()).toBe(aborted);
    expect(result.current.store.getField('summary').value).toBe('before abort');
  });

  it('auto-starts with startKey, restarting when it changes; StrictMode keeps exactly one running', () => {
    const { started, start } = recorder();
    const { result, rerender } = renderHook(({ topic }) => useResponse(start, { startKey: topic }), {
      wrapper: mode.wrapper,
      initialProps: { topic: 'a' },
    });
    // StrictMode mounts, unmounts and remounts effects: the first response is aborted.
    expect(started).toHaveLength(mode.strict ? 2 : 1);
    const live = started.filter((run) => !run.signal.aborted);
    expect(live).toHaveLength(1);
    expect(result.current.response).toBe(live[0]?.source);
    rerender({ topic: 'b' });
    expect(started.filter((run) => !run.signal.aborted)).toHaveLength(1);
    expect(result.current.response).toBe(started[started.length - 1]?.source);
  });

  it('starts a lazy createResponse and shows its fields', async () => {
    render(<LazySummary />, { wrapper: mode.wrapper });
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(screen.getByRole('button').dataset.reconciled).toBe('confirmed'));
    expect(screen.getByRole('button').textContent).toBe('all good');
  });

  it('the store shows the abort the response reports (the response is its only writer)', async () => {
    const never = new Promise<never>(() => {});
    const { result } = renderHook(
      () =>
        useResponse((signal) =>
          createResponse({
            model: async function* () {
              yield { type: 'text' as const, delta: '{"summary": "half' };
              await never;
            },
            input: 'x',
            format: 'json',
            signal,
          }),
        ),
      { wrapper: mode.wrapper },
    );
    act(() => {
      result.current.start();
    });
    await waitFor(() => expect(result.current.store.getField('summary').value).toBe('half'));
    act(() => result.current.abort());
    expect(result.current.response?.status).toBe('aborted');
    expect(result.current.store.getState().status).toBe('aborted');

    // A source that ignores its signal reports no abort, and its detached store shows none.
    const deaf = createTestSource();
    const second = renderHook(() => useResponse((): TestSource => deaf), { wrapper: mode.wrapper });
    act(() => {
      second.result.current.start();
      deaf.attempt(0);
    });
    act(() => second.result.current.abort());
    expect(second.result.current.store.getState().status).toBe('streaming');
    expect(deaf.listeners()).toBe(0);
  });

  it('drives a component end to end', () => {
    const sources: TestSource[] = [];
    render(<StatusButton onSource={(source) => sources.push(source)} />, { wrapper: mode.wrapper });
    expect(screen.getByRole('button').textContent).toBe('idle');
    act(() => screen.getByRole('button').click());
    expect(sources).toHaveLength(1);
    act(() => sources[0]?.attempt(0));
    expect(screen.getByRole('button').textContent).toBe('streaming');
    act(() => sources[0]?.emit({ type: 'final', attempt: 0, data: {} }));
    expect(screen.getByRole('button').textContent).toBe('done');
  });
});

const summaryOutput = defineOutput({ summary: ['string'] });

function LazySummary(): ReactElement {
  const { store, start } = useResponse((signal) =>
    createResponse({
      model: scriptedModel({ answers: ['{"summary": "all good"}'], chunkSize: 4 }),
      input: 'x',
      output: summaryOutput,
      format: 'json',
      signal,
    }),
  );
  const field = useInstantField(store, 'summary');
  return (
    <button type="button" data-reconciled={field.reconciled} onClick={() => start()}>
      {String(field.value ?? '')}
    </button>
  );
}

function StatusButton({ onSource }: { onSource: (source: TestSource) => void }): ReactElement {
  const { store, start } = useResponse((): ResponseSource => {
    const source = createTestSource();
    onSource(source);
    return source;
  });
  const { status } = useStreamStatus(store, { schedule: 'sync' });
  return (
    <button type="button" onClick={() => start()}>
      {status}
    </button>
  );
}
