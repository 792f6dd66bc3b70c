import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FRAME_MS, FrameBatcher } from '../../src/worker/frame-batcher';

describe('FrameBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends everything pushed during one frame as one batch, a frame after the first push', () => {
    const sent: string[] = [];
    const batcher = new FrameBatcher<string>((items) => sent.push(items.join('')));
    batcher.push('a');
    vi.advanceTimersByTime(10);
    batcher.push('b');
    batcher.push('c');
    vi.advanceTimersByTime(DEFAULT_FRAME_MS - 11);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['abc']);
    batcher.push('d');
    vi.advanceTimersByTime(DEFAULT_FRAME_MS);
    expect(sent).toEqual(['abc', 'd']);
  });

  it('flush() sends what waits at once and cancels the timer; with nothing waiting it sends nothing', () => {
    const sent: string[] = [];
    const batcher = new FrameBatcher<string>((items) => sent.push(items.join('')), 50);
    batcher.flush();
    expect(sent).toEqual([]);
    batcher.push('x');
    batcher.flush();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(['x']);
  });

  it('keeps every pushed character in order and sends at most once per frame, for any timing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 40 })), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 30 }),
        (pushes, frameMs) => {
          const sent: { text: string; at: number }[] = [];
          const start = Date.now();
          const batcher = new FrameBatcher<string>(
            (items) => sent.push({ text: items.join(''), at: Date.now() - start }),
            frameMs,
          );
          for (const [text, wait] of pushes) {
            batcher.push(text);
            vi.advanceTimersByTime(wait);
          }
          batcher.flush();
          expect(sent.map((batch) => batch.text).join('')).toBe(pushes.map(([text]) => text).join(''));
          // Timer flushes are at least a frame apart; only the final flush() may follow sooner.
          for (let index = 1; index < sent.length - 1; index++)
            expect((sent[index] as { at: number }).at - (sent[index - 1] as { at: number }).at).toBeGreaterThanOrEqual(
              frameMs,
            );
        },
      ),
    );
  });
});
