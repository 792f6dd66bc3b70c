// A retry: `retrying` renders even when the retried attempt starts in the same task, fields keep
// to their own paths while it is held, a failed attempt's fields show stale until rewritten, and
// the final data reconciles every field.
import { createFieldStore, createResponse, type FieldStore, type StreamingData } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { afterEach, beforeAll, beforeEach, describe, expect, vi } from 'vitest';
import { open, scalar, streamText } from '../store/patches';
import { createTestSource, type TestSource } from '../store/test-source';
import type { Mounted, ReaderOptions, StatusSnapshot, SuiteContext } from './binding-driver';
import { fakeFrames } from './fake-frames';
import { rejectField } from './reject-field';

type Shown = { status: string; attempt: number; retry?: { attempt: number; reason?: string; message?: string } };

/** The statuses a status reader rendered, each run of one (status, attempt) once, with the retry's record while retrying. */
function shown(status: Mounted<StatusSnapshot>): Shown[] {
  const entries = status
    .rendered()
    .map(
      ({ status, attempt, retry }): Shown =>
        status === 'retrying' && retry !== undefined
          ? { status, attempt, retry: { attempt: retry.attempt, reason: retry.reason, message: retry.message } }
          : { status, attempt },
    );
  return entries.filter((entry, i) => JSON.stringify(entry) !== JSON.stringify(entries[i - 1]));
}

/** The statuses shown, each run of one status once. */
const runs = (shown: Shown[]): string[] =>
  shown.map((entry) => entry.status).filter((status, index, all) => status !== all[index - 1]);

/** A rejected `summary`, then the retried attempt's first patches, all in one task. */
function retryInOneTask(source: TestSource): void {
  rejectField(source, 'summary', 'at most 10');
  source.emit({ type: 'status', attempt: 1, status: 'streaming' });
  source.patches(1, [open('', 'object'), ...streamText('summary', 'short')]);
}

const firstAttempt = (source: TestSource, patches: readonly StreamingData[]): void => {
  source.attempt(0);
  source.patches(0, [open('', 'object'), ...patches]);
};

const sync = { schedule: 'sync' } as const;

export function retryCases({ driver, it }: SuiteContext): void {
  const { settle } = driver;

  describe('a retry', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    });
    afterEach(() => {
      vi.advanceTimersToNextFrame();
      vi.useRealTimers();
    });

    /** Each schedule with the way its next frame comes: `'sync'` releases a held retry on an animation frame. */
    const schedules = (): [string, () => { options: ReaderOptions; frame: () => void }][] => [
      [
        'a frame scheduler',
        () => {
          const frames = fakeFrames();
          return { options: { schedule: frames.schedule }, frame: frames.next };
        },
      ],
      ["'sync'", () => ({ options: sync, frame: () => vi.advanceTimersToNextFrame() })],
    ];

    for (const [name, make] of schedules()) {
      it(`renders retrying for a render, then the new attempt, on ${name}`, async () => {
        const { options, frame } = make();
        const source = createTestSource();
        const store = createFieldStore(source);
        const status = driver.mountStatus(store, options);
        await settle(() => firstAttempt(source, streamText('summary', 'a summary far too long')));
        await settle(frame);
        await settle(() => retryInOneTask(source));
        expect(store.getState().status).toBe('streaming');
        expect(status.root().textContent).toBe('retrying');
        await settle(frame);
        expect(status.root().textContent).toBe('streaming');
        await settle(() => source.emit({ type: 'final', attempt: 1, data: { summary: 'short' } }));
        expect(status.root().textContent).toBe('done');
        expect(shown(status)).toEqual([
          { status: 'idle', attempt: 0 },
          { status: 'streaming', attempt: 0 },
          { status: 'retrying', attempt: 1, retry: { attempt: 1, reason: 'field_rejected', message: 'at most 10' } },
          { status: 'streaming', attempt: 1 },
          { status: 'done', attempt: 1 },
        ]);
      });
    }

    it('keeps each field to its own path while the retry is held', async () => {
      const frames = fakeFrames();
      const options = { schedule: frames.schedule };
      const source = createTestSource();
      const store = createFieldStore(source);
      const status = driver.mountStatus(store, options);
      const summary = driver.mountField(store, 'summary', options);
      const note = driver.mountField(store, 'note', options);
      await settle(() => firstAttempt(source, streamText('summary', 'a summary far too long')));
      await settle(frames.next);
      const before = [summary.rendered().length, note.rendered().length];
      await settle(() => retryInOneTask(source));
      // The retry's render shows the rejected attempt's text, stale: the held state is one snapshot.
      expect(status.root().textContent).toBe('retrying');
      expect(summary.rendered().at(-1)).toMatchObject({
        value: 'a summary far too long',
        stale: true,
        rejected: 'at most 10',
      });
      await settle(frames.next);
      expect(status.root().textContent).toBe('streaming');
      expect(summary.root().textContent).toBe('short');
      expect(summary.rendered().at(-1)).toMatchObject({ value: 'short', stale: false, attempt: 1 });
      expect([summary.rendered().length - (before[0] ?? 0), note.rendered().length - (before[1] ?? 0)]).toEqual([2, 0]);
    });
  });

  describe('stale fields and reconciliation', () => {
    /** `summary`, `meta.owner` and `meta.score` (a repaired, provisional value) from attempt 0. */
    async function afterFirstAttempt() {
      const source = createTestSource();
      const store = createFieldStore(source);
      const fields = {
        summary: driver.mountField(store, 'summary', sync),
        owner: driver.mountField(store, 'meta.owner', sync),
        score: driver.mountField(store, 'meta.score', sync),
      };
      await settle(() =>
        firstAttempt(source, [
          ...streamText('summary', 'Database down'),
          ...streamText('meta.owner', 'ops'),
          scalar('meta.score', 4, 'synthetic_repair'),
        ]),
      );
      return { source, store, fields };
    }
    const state = (field: Mounted<unknown>) => field.rendered().at(-1);

    it('shows a failed attempt as stale until the retried attempt rewrites the field', async () => {
      const { source, fields } = await afterFirstAttempt();
      expect(state(fields.score)).toMatchObject({ value: 4, completionSource: 'synthetic_repair', stale: false });
      await settle(() => source.attempt(1, 'validation failed'));
      for (const field of Object.values(fields)) expect(state(field)).toMatchObject({ stale: true, attempt: 0 });
      expect(fields.summary.root().textContent).toBe('Database down');
      await settle(() => source.patches(1, streamText('summary', 'Database recovered')));
      expect(state(fields.summary)).toMatchObject({ value: 'Database recovered', stale: false, attempt: 1 });
      expect(fields.summary.root().textContent).toBe('Database recovered');
      expect(state(fields.owner)).toMatchObject({ value: 'ops', stale: true });
    });

    it('reconciles every field with the final data', async () => {
      const { source, fields } = await afterFirstAttempt();
      await settle(() => source.attempt(1, 'validation failed'));
      await settle(() => source.patches(1, streamText('summary', 'Database recovered')));
      await settle(() =>
        source.emit({ type: 'final', attempt: 1, data: { summary: 'Database recovered', meta: { score: 6 } } }),
      );
      expect(state(fields.summary)).toMatchObject({
        value: 'Database recovered',
        reconciled: 'confirmed',
        stale: false,
      });
      expect(state(fields.score)).toMatchObject({ value: 6, reconciled: 'changed', stale: false });
      expect(state(fields.owner)).toMatchObject({ value: undefined, reconciled: 'removed', stale: false });
      expect([fields.summary, fields.score, fields.owner].map((field) => field.root().textContent)).toEqual([
        'Database recovered',
        '6',
        '',
      ]);
    });

    it("clears the failed attempt's fields with onRetry: clear", async () => {
      const source = createTestSource();
      const store: FieldStore = createFieldStore(source, { onRetry: 'clear' });
      const summary = driver.mountField(store, 'summary', sync);
      await settle(() => firstAttempt(source, streamText('summary', 'first try')));
      expect(summary.root().textContent).toBe('first try');
      await settle(() => source.attempt(1));
      expect(summary.root().textContent).toBe('');
      expect(summary.rendered().at(-1)).toMatchObject({ value: undefined, stale: false });
    });
  });

  describe('a retry of a real response', () => {
    beforeEach(() => {
      // The model's waits and the frames are the test's: nothing here reads a clock.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    });
    afterEach(() => {
      vi.advanceTimersToNextFrame();
      vi.useRealTimers();
    });

    const TOO_LONG = JSON.stringify({ summary: 'a summary far too long for the rule', note: 'kept short' });
    const SHORT = JSON.stringify({ summary: 'short', note: 'kept short' });

    /** A response whose first answer fails `summary`'s check as soon as the field closes; the retry passes. */
    const rejectedOnce = (answers: string[]) =>
      createResponse({
        model: scriptedModel({ answers, chunkSize: 4, delayMs: 2 }),
        input: 'Summarise the incident',
        format: 'json',
        maxRetries: 1,
        validateField: {
          summary: (value) => (typeof value === 'string' && value.length <= 10) || { ok: false, reason: 'at most 10' },
        },
      });

    // A response loads its checks and retry code on first use (dynamic imports, which resolve on
    // the event loop, not on fake timers): one run beforehand loads them.
    beforeAll(async () => {
      await rejectedOnce([TOO_LONG, SHORT]).getData();
    });

    /** Runs `answers` to the end, a frame every 4 ms of the model's time; returns what the status showed. */
    async function run(answers: string[]): Promise<Shown[]> {
      const frames = fakeFrames();
      const response = rejectedOnce(answers);
      const store = createFieldStore(response);
      const status = driver.mountStatus(store, { schedule: frames.schedule });
      await settle(() => response.start());
      // Only what rendered says when to stop: reading the store here would apply its chunks outside a flush.
      for (let frame = 0; frame < 500 && status.root().textContent !== 'done'; frame++) {
        await settle(() => vi.advanceTimersByTimeAsync(4));
        await settle(frames.next);
      }
      expect(status.root().textContent).toBe('done');
      expect(store.getState().status).toBe('done');
      return shown(status);
    }

    it('renders retrying, though the retried attempt starts in the same tick', async () => {
      const statuses = await run([TOO_LONG, SHORT]);
      expect(runs(statuses)).toEqual(['idle', 'streaming', 'retrying', 'streaming', 'done']);
      expect(statuses.filter((entry) => entry.status === 'retrying').at(-1)).toEqual({
        status: 'retrying',
        attempt: 1,
        retry: { attempt: 1, reason: 'field_rejected', message: expect.stringContaining('at most 10') },
      });
      expect(statuses.at(-1)).toEqual({ status: 'done', attempt: 1 });
    });

    it('renders no retrying for an answer that passes the first time', async () => {
      const statuses = await run([SHORT]);
      expect(statuses).toEqual([
        { status: 'idle', attempt: 0 },
        { status: 'streaming', attempt: 0 },
        { status: 'done', attempt: 0 },
      ]);
    });
  });
}
