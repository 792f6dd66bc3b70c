// The one batching loop of toPatchStream, patchStreamMessages and the Worker host: a batch at most
// once per frame (the first and the last at once), nothing lost or reordered, for every timing.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatchStreamInput } from '../../src/patch-stream/patch-stream-input';
import { DEFAULT_FRAME_MS, followWireBatches, type WireBatchOptions } from '../../src/patch-stream/wire-batches';
import type { WireEvent } from '../../src/patch-stream/wire-events';
import type { ResponseEvent } from '../../src/response/response-events';

/** A hand-made response: `emit` sends a text event, `finish` settles it. */
function textSource() {
  const listeners = new Set<(event: ResponseEvent) => void>();
  let finish = () => {};
  const settled = new Promise<void>((resolve) => (finish = resolve));
  const response: PatchStreamInput = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    observe: () => () => undefined,
    getData: () => settled,
    start: () => undefined,
    abort: () => undefined,
  };
  const emit = (delta: string) => {
    for (const listener of listeners) listener({ type: 'text', attempt: 0, delta });
  };
  return { response, emit, finish };
}

const textOf = (batch: WireEvent[]) => batch.map((event) => ('d' in event ? event.d : '')).join('');

/** Follows `response`, noting each batch's text and the fake clock's time when it was handed out. */
function collect(response: PatchStreamInput, options: WireBatchOptions) {
  const batches = followWireBatches('test', response, { text: true, observations: false, ...options });
  const sent: { text: string; at: number }[] = [];
  const done = (async () => {
    for (let batch = await batches.next(); batch !== undefined; batch = await batches.next())
      sent.push({ text: textOf(batch), at: Date.now() });
  })();
  return { sent, done };
}

describe('followWireBatches: at most one batch per frame', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('hands out the first batch at once, holds the next until a frame passed, and the last at the end', async () => {
    const { response, emit, finish } = textSource();
    const { sent, done } = collect(response, {});
    emit('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ text: 'a', at: 0 }]);
    await vi.advanceTimersByTimeAsync(4);
    emit('b');
    await vi.advanceTimersByTimeAsync(4);
    emit('c');
    await vi.advanceTimersByTimeAsync(DEFAULT_FRAME_MS - 9);
    expect(sent).toEqual([{ text: 'a', at: 0 }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      { text: 'a', at: 0 },
      { text: 'bc', at: DEFAULT_FRAME_MS },
    ]);
    await vi.advanceTimersByTimeAsync(2);
    emit('d');
    finish();
    await done;
    // The response settled: what waits goes out without waiting out the frame.
    expect(sent).toEqual([
      { text: 'a', at: 0 },
      { text: 'bc', at: DEFAULT_FRAME_MS },
      { text: 'd', at: DEFAULT_FRAME_MS + 2 },
    ]);
  });

  it('frameMs: 0 hands out what each turn gathered', async () => {
    const { response, emit, finish } = textSource();
    const { sent, done } = collect(response, { frameMs: 0 });
    emit('a');
    emit('b');
    await vi.advanceTimersByTimeAsync(0);
    emit('c');
    await vi.advanceTimersByTimeAsync(0);
    finish();
    await done;
    expect(sent).toEqual([
      { text: 'ab', at: 0 },
      { text: 'c', at: 0 },
    ]);
  });

  it('refuses a frameMs that is not a finite number ≥ 0', () => {
    const { response } = textSource();
    for (const frameMs of [-1, Number.NaN, Number.POSITIVE_INFINITY, '16'])
      expect(() => followWireBatches('toPatchStream', response, { frameMs } as WireBatchOptions)).toThrow(
        `toPatchStream options.frameMs must be a finite number ≥ 0`,
      );
  });

  it('keeps every event in order and spaces batches a frame apart, for every timing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 40 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 30 }),
        async (pushes, frameMs) => {
          vi.setSystemTime(0);
          const { response, emit, finish } = textSource();
          const { sent, done } = collect(response, { frameMs });
          for (const [text, wait] of pushes) {
            emit(text);
            await vi.advanceTimersByTimeAsync(wait);
          }
          finish();
          await done;
          expect(sent.map((batch) => batch.text).join('')).toBe(pushes.map(([text]) => text).join(''));
          expect(sent[0]?.at).toBe(0);
          // Only the batch sent when the response settled may follow its predecessor sooner.
          for (let index = 1; index < sent.length - 1; index++)
            expect((sent[index]?.at ?? 0) - (sent[index - 1]?.at ?? 0)).toBeGreaterThanOrEqual(frameMs);
        },
      ),
      { numRuns: 60 },
    );
  });
});
