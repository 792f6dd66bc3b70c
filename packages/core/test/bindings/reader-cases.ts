// The readers: a field re-renders for its own path only, once per frame on a frame schedule, on
// every update on 'sync', and at once for the end of a response; status, final data, reasoning and
// lists show exactly what the store holds.
import { createFieldStore, type FieldStore, ProviderError, type StreamingData } from '@fieldstream/core';
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { open, partialText, scalar, streamText } from '../store/patches';
import { createTestSource } from '../store/test-source';
import type { Mounted, SuiteContext } from './binding-driver';
import { fakeFrames } from './fake-frames';

const sync = { schedule: 'sync' } as const;

const applyEach = (store: FieldStore, patches: readonly StreamingData[]): void => {
  for (const patch of patches) store.apply([patch]);
};

const renders = (mounted: Mounted<unknown>): number => mounted.rendered().length;
const last = <Value>(mounted: Mounted<Value>): Value | undefined => mounted.rendered().at(-1);

export function readerCases({ driver, it }: SuiteContext): void {
  const { settle } = driver;

  describe('a field', () => {
    it('renders its value as text and re-renders only for its own path', async () => {
      const store = createFieldStore();
      const frames = fakeFrames();
      const a = driver.mountField(store, 'a', { schedule: frames.schedule });
      const b = driver.mountField(store, 'b', { schedule: frames.schedule });
      expect([a.root().textContent, renders(a), renders(b)]).toEqual(['', 1, 1]);
      await settle(() => store.apply([open('', 'object'), ...partialText('a', 'hello', 1)]));
      // Nothing renders before the frame.
      expect([a.root().textContent, renders(a)]).toEqual(['', 1]);
      await settle(() => frames.next());
      expect(a.root().textContent).toBe('hello');
      expect(last(a)).toMatchObject({ value: 'hello', isComplete: false, stale: false, reconciled: undefined });
      expect([renders(a), renders(b)]).toEqual([2, 1]);
      await settle(() => store.apply(streamText('b', 'world', 2)));
      await settle(() => frames.next());
      expect([a.root().textContent, b.root().textContent]).toEqual(['hello', 'world']);
      expect(last(b)).toMatchObject({ value: 'world', isComplete: true });
      expect([renders(a), renders(b)]).toEqual([2, 2]);
    });

    it('starts with the empty state of its path and follows its patches', async () => {
      const store = createFieldStore();
      const title = driver.mountField(store, 'meta.title', sync);
      expect(last(title)).toEqual({
        value: undefined,
        isComplete: false,
        completionSource: undefined,
        attempt: undefined,
        stale: false,
        reconciled: undefined,
        rejected: undefined,
      });
      const [first, ...rest] = streamText('meta.title', 'Outage', 3);
      await settle(() => store.apply([first as StreamingData]));
      expect(last(title)).toMatchObject({ value: 'Out', isComplete: false });
      await settle(() => store.apply(rest));
      expect(last(title)).toMatchObject({ value: 'Outage', isComplete: true, completionSource: 'observed_boundary' });
      expect(title.root().textContent).toBe('Outage');
    });

    it('re-renders each of 50 fields once per frame that touched it (5 000 patches), untouched fields never', async () => {
      const store = createFieldStore();
      const frames = fakeFrames();
      const fields = Array.from({ length: 50 }, (_, i) =>
        driver.mountField(store, `f${i}`, { schedule: frames.schedule }),
      );
      // 125 patches each for f0…f39, 50 patches per frame: 100 frames.
      const patches: StreamingData[] = [];
      for (let i = 0; i < 40; i++) patches.push(...streamText(`f${i}`, 'y'.repeat(124), 1));
      const framesTouching = new Map<string, number>();
      for (let frame = 0; frame < 100; frame++) {
        const batch = patches.slice(frame * 50, frame * 50 + 50);
        for (const path of new Set(batch.map((patch) => patch.path))) {
          framesTouching.set(path, (framesTouching.get(path) ?? 0) + 1);
        }
        await settle(() => applyEach(store, batch));
        await settle(frames.next);
      }
      expect(fields.map(renders)).toEqual(fields.map((_, i) => 1 + (framesTouching.get(`f${i}`) ?? 0)));
      expect(fields.slice(40).map(renders)).toEqual(Array(10).fill(1));
      expect(fields[0]?.root().textContent).toBe('y'.repeat(124));
    });

    it('turns many patches within one frame into one render per field', async () => {
      const store = createFieldStore();
      const frames = fakeFrames();
      const fields = ['a', 'b', 'c', 'd'].map((path) => driver.mountField(store, path, { schedule: frames.schedule }));
      await settle(() => {
        applyEach(store, partialText('a', 'alpha beta gamma', 1));
        applyEach(store, partialText('b', 'second field', 2));
        applyEach(store, partialText('c', 'third', 1));
      });
      expect(fields.map(renders)).toEqual([1, 1, 1, 1]);
      await settle(() => frames.next());
      expect(fields.map((field) => field.root().textContent)).toEqual([
        'alpha beta gamma',
        'second field',
        'third',
        '',
      ]);
      expect(fields.map(renders)).toEqual([2, 2, 2, 1]);
      // A frame with no change renders nothing.
      await settle(() => frames.next());
      expect(fields.map(renders)).toEqual([2, 2, 2, 1]);
    });

    it('renders at most once per frame while patches keep coming', async () => {
      const store = createFieldStore();
      const frames = fakeFrames();
      const a = driver.mountField(store, 'a', { schedule: frames.schedule });
      const patches = partialText('a', 'x'.repeat(300), 1);
      for (let frame = 0; frame < 10; frame++) {
        await settle(() => applyEach(store, patches.slice(frame * 30, frame * 30 + 30)));
        await settle(() => frames.next());
        expect(renders(a)).toBe(frame + 2);
        expect(a.root().textContent).toBe('x'.repeat(frame * 30 + 30));
      }
    });

    it('renders on every update with schedule: sync', async () => {
      const store = createFieldStore();
      const a = driver.mountField(store, 'a', sync);
      for (const patch of streamText('a', 'abc', 1)) await settle(() => store.apply([patch]));
      // Three deltas and the close.
      expect(renders(a)).toBe(5);
      expect(a.rendered().map((field) => [field.value, field.isComplete])).toEqual([
        [undefined, false],
        ['a', false],
        ['ab', false],
        ['abc', false],
        ['abc', true],
      ]);
    });

    it('delivers the final data at once, without waiting for the frame', async () => {
      const store = createFieldStore();
      const frames = fakeFrames();
      const a = driver.mountField(store, 'a', { schedule: frames.schedule });
      const b = driver.mountField(store, 'b', { schedule: frames.schedule });
      await settle(() => {
        applyEach(store, partialText('a', 'almost', 1));
        store.dispatch({ type: 'final', attempt: 0, data: { a: 'almost done', b: 'added' } });
      });
      expect([a.root().textContent, b.root().textContent]).toEqual(['almost done', 'added']);
      expect([renders(a), renders(b)]).toEqual([2, 2]);
      expect(last(a)).toMatchObject({ value: 'almost done', reconciled: 'changed' });
      // The flush that waited for the frame went with the final data.
      expect(frames.waiting()).toBe(false);
      await settle(() => frames.next());
      expect([renders(a), renders(b)]).toEqual([2, 2]);
    });

    it('delivers an abort and an error at once', async () => {
      const store = createFieldStore();
      const frames = fakeFrames();
      const a = driver.mountField(store, 'a', { schedule: frames.schedule });
      await settle(() => {
        applyEach(store, partialText('a', 'cut off', 1));
        store.dispatch({ type: 'aborted', attempt: 0 });
      });
      expect([a.root().textContent, renders(a)]).toEqual(['cut off', 2]);

      const failing = createFieldStore();
      const status = driver.mountStatus(failing, { schedule: frames.schedule });
      const error = new ProviderError('openai', 'server_error', 'boom', { attempt: 0 });
      await settle(() => failing.dispatch([{ type: 'attempt', attempt: 0, format: 'json' }]));
      await settle(() => failing.dispatch({ type: 'error', attempt: 0, error }));
      expect(status.root().textContent).toBe('error');
      expect(last(status)).toMatchObject({ status: 'error', error });
    });

    it('reads the store for the patched field only, not for all 100', async () => {
      const store = createFieldStore();
      const getState = store.getState;
      let reads = 0;
      store.getState = () => {
        reads++;
        return getState();
      };
      const fields = Array.from({ length: 100 }, (_, i) => driver.mountField(store, `f${i}`, sync));
      await settle(() => store.apply([open('', 'object')]));
      const before = reads;
      await settle(() => store.apply(partialText('f7', 'hello')));
      expect(fields[7]?.root().textContent).toBe('hello');
      // One reader reads (a framework may read its value a few times); the other 99 are not asked.
      expect(reads - before).toBeGreaterThan(0);
      expect(reads - before).toBeLessThan(10);
      expect(fields.filter((field) => renders(field) > 1).length).toBe(1);
    });

    it('stops rendering once unmounted', async () => {
      const store = createFieldStore();
      const a = driver.mountField(store, 'a', sync);
      await settle(() => store.apply(partialText('a', 'one', 3)));
      a.unmount();
      await settle(() => store.apply(streamText('a', 'one two', 3)));
      expect(a.rendered().map((field) => field.value)).toEqual([undefined, 'one']);
    });
  });

  describe("the default 'frame' schedule", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    });
    afterEach(() => {
      // A flush left waiting would hold the shared frame batch for a frame that never comes.
      vi.advanceTimersToNextFrame();
      vi.useRealTimers();
    });

    it('renders once per animation frame', async () => {
      const store = createFieldStore();
      const a = driver.mountField(store, 'a');
      const b = driver.mountField(store, 'b');
      await settle(() => applyEach(store, [...partialText('a', 'one two', 1), ...partialText('b', 'three', 1)]));
      expect([renders(a), renders(b)]).toEqual([1, 1]);
      await settle(() => vi.advanceTimersToNextFrame());
      expect([a.root().textContent, b.root().textContent]).toEqual(['one two', 'three']);
      expect([renders(a), renders(b)]).toEqual([2, 2]);
      // The final data does not wait for the next frame.
      await settle(() => store.dispatch({ type: 'final', attempt: 0, data: { a: 'one two!', b: 'three' } }));
      expect([a.root().textContent, renders(a), renders(b)]).toEqual(['one two!', 3, 3]);
    });
  });

  describe('status, final data, reasoning and lists', () => {
    it('useStreamStatus follows status and attempts, keeping its object while they hold', async () => {
      const source = createTestSource();
      const store = createFieldStore(source);
      const status = driver.mountStatus(store, sync);
      expect(status.root().textContent).toBe('idle');
      expect(last(status)).toEqual({ status: 'idle', attempt: 0, error: undefined, retry: undefined });
      await settle(() => source.attempt(0));
      const streaming = last(status);
      expect(streaming).toEqual({ status: 'streaming', attempt: 0, error: undefined });
      await settle(() => source.patches(0, streamText('summary', 'text')));
      expect(last(status)).toBe(streaming);
      expect(renders(status)).toBe(2);
      await settle(() => source.attempt(1, 'ensure failed'));
      const retry = { attempt: 1, reason: 'ensure failed', message: undefined, delayMs: 0, format: 'json' };
      expect(last(status)).toEqual({ status: 'retrying', attempt: 1, error: undefined, retry });
      expect(status.root().textContent).toBe('retrying');
      const error = new ProviderError('openai', 'server_error', 'boom', { attempt: 1 });
      await settle(() => source.emit({ type: 'error', attempt: 1, error }));
      expect(last(status)).toEqual({ status: 'error', attempt: 1, error, retry });
      expect(status.root().textContent).toBe('error');
    });

    it("useStreamStatus shows a resumable stream's gap while the status stays", async () => {
      const source = createTestSource();
      const store = createFieldStore(source);
      const status = driver.mountStatus(store, sync);
      await settle(() => source.attempt(0));
      await settle(() => source.patches(0, streamText('summary', 'text')));
      await settle(() =>
        source.emit({ type: 'connection', attempt: 0, state: 'reconnecting', retry: 2, delayMs: 500 }),
      );
      expect(last(status)).toMatchObject({ status: 'streaming', reconnecting: { retry: 2, delayMs: 500 } });
      await settle(() => source.emit({ type: 'connection', attempt: 0, state: 'open', retry: 2, delayMs: 0 }));
      expect(last(status)).toMatchObject({ status: 'streaming', reconnecting: undefined });
      await settle(() =>
        source.emit({ type: 'connection', attempt: 0, state: 'reconnecting', retry: 1, delayMs: 250 }),
      );
      await settle(() => source.emit({ type: 'final', attempt: 0, data: { summary: 'text' } }));
      // The end clears it: a settled response has no connection to wait for.
      expect(last(status)).toMatchObject({ status: 'done', reconnecting: undefined });
      expect(status.root().textContent).toBe('done');
    });

    it('useStreamStatus keeps the retry record after the retry, shared while it holds', async () => {
      const store = createFieldStore();
      const status = driver.mountStatus(store, sync);
      await settle(() =>
        store.dispatch([
          { type: 'attempt', attempt: 0, format: 'json' },
          { type: 'status', attempt: 0, status: 'retrying', retryDelayMs: 1000 },
        ]),
      );
      expect(last(status)).toEqual({
        status: 'retrying',
        attempt: 0,
        error: undefined,
        retry: { attempt: 1, reason: undefined, message: undefined, delayMs: 1000, format: undefined },
      });
      await settle(() => store.dispatch({ type: 'attempt', attempt: 1, format: 'json', reason: 'request_failed' }));
      const waiting = last(status);
      expect(waiting).toMatchObject({ status: 'retrying', attempt: 1, retry: { reason: 'request_failed' } });
      await settle(() => store.dispatch({ type: 'status', attempt: 1, status: 'streaming' }));
      expect(last(status)).toBe(waiting);
      await settle(() => store.apply(partialText('summary', 'again')));
      expect(last(status)).toEqual({ ...waiting, status: 'streaming' });
      expect(last(status)?.retry).toBe(waiting?.retry);
    });

    it('useFinalData is undefined until the final data, then exactly it', async () => {
      const source = createTestSource();
      const store = createFieldStore(source);
      const final = driver.mountFinal(store, sync);
      await settle(() => source.patches(0, streamText('summary', 'draft')));
      expect([last(final), final.root().textContent]).toEqual([undefined, '']);
      const data = { summary: 'final' };
      await settle(() => source.emit({ type: 'final', attempt: 0, data }));
      expect(last(final)).toBe(data);
      expect(final.root().textContent).toBe('{"summary":"final"}');
    });

    it('useReasoning shows the reasoning text of the current attempt', async () => {
      const store = createFieldStore();
      const reasoning = driver.mountReasoning(store, sync);
      expect([last(reasoning), reasoning.root().textContent]).toEqual(['', '']);
      await settle(() => store.apply(partialText('$reasoning', 'First, the logs', 3)));
      expect([last(reasoning), reasoning.root().textContent]).toEqual(['First, the logs', 'First, the logs']);
    });

    it('useInstantList changes only when an item appears, with keys that survive the final data', async () => {
      const store = createFieldStore();
      const list = driver.mountList(store, 'items[*]', sync);
      await settle(() => store.apply([open('items', 'array'), ...partialText('items[0]', 'fir', 1)]));
      const one = last(list);
      const rendersWithOne = renders(list);
      expect(list.root().textContent).toBe('items[0]');
      await settle(() => store.apply(streamText('items[0]', 'first item', 1)));
      expect(last(list)).toBe(one);
      expect(renders(list)).toBe(rendersWithOne);
      await settle(() => store.apply(partialText('items[1]', 's', 1)));
      expect(last(list)?.map((item) => item.key)).toEqual(['items[0]', 'items[1]']);
      expect(list.root().textContent).toBe('items[0],items[1]');
      await settle(() => store.dispatch({ type: 'final', attempt: 0, data: { items: ['first item', 'second'] } }));
      expect(last(list)?.map((item) => item.key)).toEqual(['items[0]', 'items[1]']);
      expect(list.root().textContent).toBe('items[0],items[1]');
    });

    it('a list hears about writes inside its items, not about other fields', async () => {
      const store = createFieldStore();
      const list = driver.mountList(store, 'items[*]', sync);
      await settle(() => store.apply([scalar('items[0].name', 'a')]));
      expect(list.root().textContent).toBe('items[0]');
      await settle(() => store.apply([scalar('items[1].name', 'b')]));
      expect(list.root().textContent).toBe('items[0],items[1]');
      const before = renders(list);
      await settle(() => store.apply([scalar('f3', 'z')]));
      expect(renders(list)).toBe(before);
    });
  });
}
