// liveResponse: starts on demand or by its start key, hands out the store, aborts on destroy.
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { cleanup, render } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestSource, partialText, streamText, type TestSource } from '../../react/test/support/fixtures';
import type { LiveResponse } from '../src/index.js';
import ResponseHost from './support/ResponseHost.svelte';

afterEach(cleanup);

type Started = { source: TestSource; signal: AbortSignal; args: unknown[] };
type Handle = LiveResponse<TestSource, unknown, unknown[]>;

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

function host(start: (signal: AbortSignal, ...args: unknown[]) => TestSource, topic?: string) {
  let handle: Handle | undefined;
  const rendered = render(ResponseHost, {
    props: { start, topic, onHandle: (h: Handle) => (handle = h) } as never,
  });
  flushSync();
  return { handle: handle as Handle, ...rendered };
}

describe('liveResponse', () => {
  it('starts on demand, hands out the store, and aborts the running response on destroy', () => {
    const { started, start } = recorder();
    const { handle, unmount } = host(start);
    expect(started).toHaveLength(0);
    expect(handle.store.getState().status).toBe('idle');
    handle.start('question');
    expect(started).toHaveLength(1);
    const run = started[0] as Started;
    expect(run.args).toEqual(['question']);
    expect(handle.response).toBe(run.source);
    run.source.attempt(0);
    run.source.patches(0, streamText('summary', 'hello'));
    expect(handle.store.getField('summary').value).toBe('hello');
    unmount();
    expect(run.signal.aborted).toBe(true);
  });

  it('aborts the previous response when starting again, and applies nothing after abort()', () => {
    const { started, start } = recorder();
    const { handle } = host(start);
    handle.start();
    const first = started[0] as Started;
    const firstStore = handle.store;
    handle.start();
    expect(first.signal.aborted).toBe(true);
    expect(firstStore.getState().status).toBe('aborted');
    expect(handle.store).not.toBe(firstStore);
    const second = started[1] as Started;
    second.source.patches(0, partialText('summary', 'before abort'));
    handle.abort();
    expect(second.signal.aborted).toBe(true);
    const aborted = handle.store.getState();
    expect(aborted.status).toBe('aborted');
    // A source that keeps talking after the abort changes nothing.
    second.source.patches(0, streamText('summary', 'before abort and after'));
    expect(handle.store.getState()).toBe(aborted);
    expect(handle.store.getField('summary').value).toBe('before abort');
  });

  it('starts with its start key, and again when the key changes, keeping exactly one running', async () => {
    const { started, start } = recorder();
    const { handle, rerender } = host(start, 'a');
    expect(started).toHaveLength(1);
    expect(handle.response).toBe(started[0]?.source);
    await rerender({ topic: 'b' } as never);
    flushSync();
    expect(started).toHaveLength(2);
    expect(started.map((run) => run.signal.aborted)).toEqual([true, false]);
    expect(handle.response).toBe(started[1]?.source);
  });

  it('starts a lazy createResponse and its store settles with the final data', async () => {
    const output = defineOutput({ summary: ['string'] });
    const model = scriptedModel({ answers: ['{"summary": "all good"}'], chunkSize: 4 });
    let handle: LiveResponse<ReturnType<typeof createResponse>, unknown, unknown[]> | undefined;
    render(ResponseHost, {
      props: {
        start: (signal: AbortSignal) => createResponse({ model, output, input: 'q', format: 'json', signal }),
        onHandle: (h: typeof handle) => (handle = h),
      } as never,
    });
    const store = handle?.start();
    await handle?.response?.getData();
    expect(store?.getField('summary')).toMatchObject({ value: 'all good', reconciled: 'confirmed' });
  });
});
