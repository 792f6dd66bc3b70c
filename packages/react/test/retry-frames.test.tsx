// Issue 46: a retry the UI never sees. A real response (createResponse on scriptedModel) whose first
// answer a field validator rejects early: the store goes `retrying` → `streaming` within one tick,
// before a frame, and the default `'frame'` schedule must still render `retrying`.
import { createFieldStore, createResponse, type FieldStore, type Schedule } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { useInstantField, useStreamStatus } from '@fieldstream/react';
import { act, render } from '@testing-library/react';
import { type ReactElement, useLayoutEffect } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type CommitCounts, Counted, countOf } from './support/commit-counter';
import { createTestSource, open, rejectField, streamText } from './support/fixtures';
import { describeInModes, type RenderMode } from './support/modes';

type Shown = {
  status: string;
  attempt: number;
  retry?: { attempt: number; reason: string | undefined; message: string | undefined };
};

function StatusLog({
  store,
  shown,
  schedule,
}: {
  store: FieldStore;
  shown: Shown[];
  schedule?: Schedule | undefined;
}): ReactElement | null {
  const { status, attempt, retry } = useStreamStatus(store, schedule === undefined ? {} : { schedule });
  // Every committed status, in order (what a user could have seen).
  useLayoutEffect(() => {
    const last = shown.at(-1);
    if (last?.status === status && last.attempt === attempt && last.retry?.reason === retry?.reason) return;
    shown.push(
      status === 'retrying' && retry !== undefined
        ? { status, attempt, retry: { attempt: retry.attempt, reason: retry.reason, message: retry.message } }
        : { status, attempt },
    );
  });
  return null;
}

const TOO_LONG = JSON.stringify({ summary: 'a summary far too long for the rule', note: 'kept short' });
const SHORT = JSON.stringify({ summary: 'short', note: 'kept short' });

/** A response whose first answer fails `summary`'s validator as soon as the field closes; the retry passes. */
function rejectedOnce(answers: string[] = [TOO_LONG, SHORT]) {
  return createResponse({
    model: scriptedModel({ answers, chunkSize: 4, delayMs: 2 }),
    input: 'Summarise the incident',
    format: 'json',
    maxRetries: 1,
    validateField: {
      summary: (value) => (typeof value === 'string' && value.length <= 10) || { ok: false, reason: 'at most 10' },
    },
  });
}

/**
 * Runs the response to its end as a page would: the model's timers run for real and React renders
 * what they changed (as it does, in a microtask), then a frame fires, every 4 ms.
 */
async function runFrames(done: () => boolean): Promise<void> {
  for (let frame = 0; frame < 500 && !done(); frame++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 4)));
    act(() => vi.advanceTimersToNextFrame());
  }
}

/** Renders `StatusLog` over a response bound to a store, runs it to its end and returns what was shown. */
async function shownFor(
  response: ReturnType<typeof rejectedOnce>,
  wrapper: RenderMode['wrapper'],
  schedule?: Schedule,
) {
  const store = createFieldStore(response);
  const shown: Shown[] = [];
  render(<StatusLog store={store} shown={shown} schedule={schedule} />, { wrapper });
  response.start();
  await runFrames(() => store.getState().status === 'done');
  expect(store.getState().status).toBe('done');
  return shown;
}

/** The statuses shown, each run of one status once. */
const statuses = (shown: Shown[]): string[] =>
  shown.map((entry) => entry.status).filter((status, index, all) => status !== all[index - 1]);

const RETRIED = ['idle', 'streaming', 'retrying', 'streaming', 'done'];
const RETRY = { attempt: 1, reason: 'field_rejected', message: expect.stringContaining('at most 10') };

describeInModes('useStreamStatus renders a retry of a real response', (mode) => {
  beforeEach(() => {
    // Only frames are fake: the response's own timers and imports run as they would in a page.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders retrying on the default frame schedule, though the new attempt starts in the same tick', async () => {
    const shown = await shownFor(rejectedOnce(), mode.wrapper);
    expect(statuses(shown)).toEqual(RETRIED);
    expect(shown.filter((entry) => entry.status === 'retrying').at(-1)).toEqual({
      status: 'retrying',
      attempt: 1,
      retry: RETRY,
    });
    expect(shown.at(-1)).toEqual({ status: 'done', attempt: 1 });
  });

  it("renders retrying on the 'sync' schedule", async () => {
    const shown = await shownFor(rejectedOnce(), mode.wrapper, 'sync');
    // Every update renders here, the final checks' `validating` too.
    expect(statuses(shown)).toEqual(['idle', 'streaming', 'retrying', 'streaming', 'validating', 'done']);
    expect(shown.find((entry) => entry.attempt === 1)).toEqual({ status: 'retrying', attempt: 1, retry: RETRY });
  });

  it('renders retrying on a custom schedule', async () => {
    let flushes = 0;
    const soon = (flush: () => void): (() => void) => {
      const id = setTimeout(() => {
        flushes++;
        flush();
      }, 1);
      return () => clearTimeout(id);
    };
    const shown = await shownFor(rejectedOnce(), mode.wrapper, soon);
    expect(statuses(shown)).toEqual(RETRIED);
    expect(shown.find((entry) => entry.attempt === 1)).toEqual({ status: 'retrying', attempt: 1, retry: RETRY });
    expect(flushes).toBeGreaterThan(0);
  });

  it('renders no retrying for an answer that passes the first time', async () => {
    const shown = await shownFor(rejectedOnce([SHORT]), mode.wrapper);
    expect(statuses(shown)).toEqual(['idle', 'streaming', 'done']);
    expect(shown.at(-1)).toEqual({ status: 'done', attempt: 0 });
  });
});

/** Field `path`'s value, its commits counted under its path. */
function Field({ store, path, counts }: { store: FieldStore; path: string; counts: CommitCounts }): ReactElement {
  const field = useInstantField(store, path);
  return (
    <Counted counts={counts} name={path}>
      {String(field.value ?? '')}
    </Counted>
  );
}

describeInModes('a retry and the retried attempt in one task', (mode) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A rejected `summary`, then the retried attempt's first patches, all before React renders. */
  const retryInOneTask = (source: ReturnType<typeof createTestSource>): void => {
    rejectField(source, 'summary', 'at most 10');
    source.emit({ type: 'status', attempt: 1, status: 'streaming' });
    source.patches(1, [open('', 'object'), ...streamText('summary', 'short')]);
  };

  it.each([
    ['frame', undefined],
    ['sync', 'sync'],
  ] as const)("renders retrying for a render, then the new attempt, on the '%s' schedule", (_name, schedule) => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const shown: Shown[] = [];
    render(<StatusLog store={store} shown={shown} schedule={schedule} />, { wrapper: mode.wrapper });
    act(() => {
      source.attempt(0);
      source.patches(0, [open('', 'object'), ...streamText('summary', 'a summary far too long')]);
    });
    act(() => vi.advanceTimersToNextFrame());
    act(() => retryInOneTask(source));
    expect(store.getState().status).toBe('streaming');
    act(() => vi.advanceTimersToNextFrame());
    act(() => source.emit({ type: 'final', attempt: 1, data: { summary: 'short' } }));
    expect(shown).toEqual([
      { status: 'idle', attempt: 0 },
      { status: 'streaming', attempt: 0 },
      {
        status: 'retrying',
        attempt: 1,
        retry: { attempt: 1, reason: 'field_rejected', message: 'at most 10' },
      },
      { status: 'streaming', attempt: 1 },
      { status: 'done', attempt: 1 },
    ]);
  });

  it('keeps each field to its own path while the retry is held', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const counts: CommitCounts = new Map();
    const shown: Shown[] = [];
    render(
      <>
        <StatusLog store={store} shown={shown} />
        <Field store={store} path="summary" counts={counts} />
        <Field store={store} path="note" counts={counts} />
      </>,
      { wrapper: mode.wrapper },
    );
    act(() => {
      source.attempt(0);
      source.patches(0, [open('', 'object'), ...streamText('summary', 'a summary far too long')]);
    });
    act(() => vi.advanceTimersToNextFrame());
    counts.clear();
    act(() => retryInOneTask(source));
    // The retry's render shows the rejected attempt's text (stale): the held state is one snapshot.
    expect(shown.at(-1)?.status).toBe('retrying');
    act(() => vi.advanceTimersToNextFrame());
    expect(shown.at(-1)?.status).toBe('streaming');
    expect(countOf(counts, 'summary')).toBeGreaterThan(0);
    expect(countOf(counts, 'note')).toBe(0);
  });
});
