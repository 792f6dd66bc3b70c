// useResponse: starts on demand or by `startKey`, restarts when the key changes, aborts the running
// response on unmount and on a new start, and hands out the current response's store.
import { createResponse, defineOutput, type ResponseSource } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, vi } from 'vitest';
import { partialText, streamText } from '../store/patches';
import { createTestSource, type TestSource } from '../store/test-source';
import type { SuiteContext } from './binding-driver';

type Started = { source: TestSource; signal: AbortSignal; args: unknown[] };

/** A `start` that records each response it creates; like createResponse, an aborted signal makes it report `aborted`. */
function recorder() {
  const started: Started[] = [];
  const start = (signal: AbortSignal, ...args: unknown[]): ResponseSource => {
    const source = createTestSource();
    signal.addEventListener('abort', () => source.emit({ type: 'aborted', attempt: 0 }), { once: true });
    started.push({ source, signal, args });
    return source;
  };
  const live = (): Started[] => started.filter((run) => !run.signal.aborted);
  return { started, start, live };
}

// Real time for a scripted model with no delays: its work is promise jobs and first-use imports.
const UNTIL_DONE = { timeout: 10_000, interval: 5 };

export function responseCases({ driver, it }: SuiteContext): void {
  const { settle } = driver;

  describe('useResponse', () => {
    it('starts on demand, hands out the store, and aborts the running response on unmount', async () => {
      const { started, start } = recorder();
      const mounted = driver.mountResponse(start);
      expect(started).toHaveLength(0);
      expect(mounted.handle().store.getState().status).toBe('idle');
      expect(mounted.root().textContent).toBe('idle');
      await settle(() => mounted.handle().start('question'));
      expect(started).toHaveLength(1);
      const run = started[0] as Started;
      expect(run.args).toEqual(['question']);
      expect(mounted.handle().response).toBe(run.source);
      await settle(() => {
        run.source.attempt(0);
        run.source.patches(0, streamText('summary', 'hello'));
      });
      expect(mounted.handle().store.getField('summary').value).toBe('hello');
      expect(mounted.root().textContent).toBe('streaming');
      const store = mounted.handle().store;
      mounted.unmount();
      expect(run.signal.aborted).toBe(true);
      expect(store.getState().status).toBe('aborted');
    });

    it('aborts the previous response when starting again, and applies nothing after abort()', async () => {
      const { started, start } = recorder();
      const mounted = driver.mountResponse(start);
      await settle(() => mounted.handle().start());
      const first = started[0] as Started;
      const firstStore = mounted.handle().store;
      await settle(() => mounted.handle().start());
      expect(first.signal.aborted).toBe(true);
      expect(firstStore.getState().status).toBe('aborted');
      expect(mounted.handle().store).not.toBe(firstStore);

      const second = started[1] as Started;
      await settle(() => second.source.patches(0, partialText('summary', 'before abort')));
      await settle(() => mounted.handle().abort());
      expect(second.signal.aborted).toBe(true);
      const aborted = mounted.handle().store.getState();
      expect(aborted.status).toBe('aborted');
      expect(mounted.root().textContent).toBe('aborted');
      // A source that keeps talking after the abort changes nothing.
      await settle(() => second.source.patches(0, streamText('summary', 'before abort and after')));
      expect(mounted.handle().store.getState()).toBe(aborted);
      expect(mounted.handle().store.getField('summary').value).toBe('before abort');
    });

    it('starts with startKey and restarts when it changes, keeping exactly one running', async () => {
      const { started, start, live } = recorder();
      const mounted = driver.mountResponse(start, { startKey: 'a' });
      expect(live()).toHaveLength(1);
      expect(mounted.handle().response).toBe(live()[0]?.source);
      expect(live()[0]?.args).toEqual([]);
      const first = live()[0] as Started;
      await mounted.setStartKey('b');
      expect(first.signal.aborted).toBe(true);
      expect(live()).toHaveLength(1);
      expect(live()[0]).toBe(started.at(-1));
      expect(mounted.handle().response).toBe(live()[0]?.source);
      // The same key again starts nothing.
      const count = started.length;
      await mounted.setStartKey('b');
      expect(started).toHaveLength(count);
      const last = live()[0] as Started;
      mounted.unmount();
      expect(last.signal.aborted).toBe(true);
    });

    it('drives a component end to end', async () => {
      const { started, start } = recorder();
      const mounted = driver.mountResponse(start);
      expect(mounted.root().textContent).toBe('idle');
      await settle(() => mounted.handle().start());
      await settle(() => started[0]?.source.attempt(0));
      expect(mounted.root().textContent).toBe('streaming');
      await settle(() => started[0]?.source.emit({ type: 'final', attempt: 0, data: {} }));
      expect(mounted.root().textContent).toBe('done');
    });

    it('starts a lazy createResponse and shows its fields, reconciled', async () => {
      const output = defineOutput({ summary: ['string'] });
      const mounted = driver.mountResponse((signal) =>
        createResponse({
          model: scriptedModel({ answers: ['{"summary": "all good"}'], chunkSize: 4 }),
          input: 'x',
          output,
          format: 'json',
          signal,
        }),
      );
      await settle(() => mounted.handle().start());
      await vi.waitFor(() => expect(mounted.root().textContent).toBe('done'), UNTIL_DONE);
      expect(mounted.handle().store.getField('summary')).toMatchObject({ value: 'all good', reconciled: 'confirmed' });
    });

    it('the store shows the abort the response reports (the response is its only writer)', async () => {
      const never = new Promise<never>(() => {});
      const mounted = driver.mountResponse((signal) =>
        createResponse({
          model: async function* () {
            yield { type: 'text' as const, delta: '{"summary": "half' };
            await never;
          },
          input: 'x',
          format: 'json',
          signal,
        }),
      );
      await settle(() => mounted.handle().start());
      await vi.waitFor(() => expect(mounted.handle().store.getField('summary').value).toBe('half'), UNTIL_DONE);
      await settle(() => mounted.handle().abort());
      expect((mounted.handle().response as { status?: string } | undefined)?.status).toBe('aborted');
      expect(mounted.handle().store.getState().status).toBe('aborted');
      expect(mounted.root().textContent).toBe('aborted');

      // A source that ignores its signal reports no abort, and its detached store shows none.
      const deaf = createTestSource();
      const second = driver.mountResponse((): ResponseSource => deaf);
      await settle(() => {
        second.handle().start();
        deaf.attempt(0);
      });
      await settle(() => second.handle().abort());
      expect(second.handle().store.getState().status).toBe('streaming');
      expect(deaf.listeners()).toBe(0);
    });
  });
}
