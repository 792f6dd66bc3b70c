import { createFieldStore } from '@fieldstream/core';
import {
  parseRecording,
  type Recording,
  RecordingError,
  recordResponse,
  replayRecording,
  serializeRecording,
} from '@fieldstream/core/recording';
import { describe, expect, it, vi } from 'vitest';
import { observe, type RecordedCase, responseIn } from './recording-sources';

const profile: RecordedCase = {
  model: { answers: ['{"name": "Ada", "tags": ["math", "engines"]}'], chunkSize: 9 },
  response: {
    input: 'who?',
    format: 'json',
    output: {
      type: 'object',
      properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
    },
  },
};

/** A recording made by hand: three messages at 0, 40 and 100 ms. */
const handMade: Recording = {
  format: 'fieldstream-recording',
  version: 1,
  source: 'wire',
  messages: [
    {
      at: 0,
      events: [
        { k: 'a', n: 0, f: 'json' },
        { k: 's', s: 'streaming' },
      ],
    },
    { at: 40, events: [{ p: 'name', d: 'Ada' }] },
    {
      at: 100,
      events: [
        { p: 'name', d: ' L.', e: 1 },
        { k: 'f', v: { name: 'Ada L.' } },
        { k: 's', s: 'done' },
      ],
    },
  ],
};

describe('replayRecording', () => {
  it('replays a recorded response: the same milestones, store, observations and data', async () => {
    const original = responseIn('page', profile);
    const seen = observe(original);
    const recording = await recordResponse(original).done;
    const replayed = replayRecording(recording);
    const replay = observe(replayed);
    expect(await replay()).toEqual(await seen());
    expect(await replayed.getData()).toEqual({ name: 'Ada', tags: ['math', 'engines'] });
  });

  it('waits the recorded gaps at `recorded` pace, and the gaps divided by the speed at a number', async () => {
    for (const [pace, expected] of [
      ['recorded', [40, 60]],
      [2, [20, 30]],
      [0.5, [80, 120]],
    ] as const) {
      const waits: number[] = [];
      const replayed = replayRecording(handMade, {
        pace,
        schedule: (callback, ms) => {
          waits.push(ms);
          queueMicrotask(callback);
          return () => undefined;
        },
      });
      expect(await replayed.getData()).toEqual({ name: 'Ada L.' });
      expect(waits).toEqual(expected);
    }
  });

  it('at `recorded` pace with the default timer, fake time sends each message at its time', async () => {
    vi.useFakeTimers();
    try {
      const replayed = replayRecording(handMade, { pace: 'recorded' });
      const store = createFieldStore(replayed);
      replayed.start();
      expect(store.getState().status).toBe('streaming');
      await vi.advanceTimersByTimeAsync(39);
      expect(store.getState().data).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(store.getState().data).toEqual({ name: 'Ada' });
      await vi.advanceTimersByTimeAsync(59);
      expect(store.getState().status).toBe('streaming');
      await vi.advanceTimersByTimeAsync(1);
      expect(store.getState()).toMatchObject({ status: 'done', final: { name: 'Ada L.' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends one message per step(): a bound store has it when step returns', async () => {
    const replayed = replayRecording(handMade, { pace: 'step' });
    const store = createFieldStore(replayed);
    expect(replayed.status).toBe('idle');
    expect(replayed.step()).toBe(true);
    expect(store.getState().status).toBe('streaming');
    expect(replayed.step()).toBe(true);
    expect(store.getState().data).toEqual({ name: 'Ada' });
    expect(replayed.step()).toBe(true);
    expect(store.getState().data).toEqual({ name: 'Ada L.' });
    expect(replayed.step()).toBe(false);
    expect(await replayed.getData()).toEqual({ name: 'Ada L.' });
  });

  it('stops waiting when aborted: getData rejects with an AbortError and no timer is left', async () => {
    const controller = new AbortController();
    const pending = new Set<() => void>();
    const replayed = replayRecording(handMade, {
      pace: 'recorded',
      signal: controller.signal,
      schedule: (callback) => {
        pending.add(callback);
        return () => pending.delete(callback);
      },
    });
    const data = replayed.getData();
    await Promise.resolve();
    expect(pending.size).toBe(1);
    controller.abort('enough');
    await expect(data).rejects.toMatchObject({ name: 'AbortError', message: 'enough' });
    expect(pending.size).toBe(0);
    expect(replayed.status).toBe('aborted');
  });

  it('a step replay aborted before its end settles as aborted', async () => {
    const replayed = replayRecording(handMade, { pace: 'step' });
    expect(replayed.step()).toBe(true);
    replayed.abort();
    await expect(replayed.getData()).rejects.toMatchObject({ name: 'AbortError' });
    expect(replayed.step()).toBe(false);
  });

  it('a recording without messages ends as an empty patch stream does: a TransportError', async () => {
    const replayed = replayRecording({ ...handMade, messages: [] });
    await expect(replayed.getData()).rejects.toMatchObject({
      name: 'TransportError',
      message: 'The patch stream ended without data',
    });
  });

  it('a message the reader rejects fails the replay as it fails a patch stream', async () => {
    const broken: Recording = { ...handMade, messages: [{ at: 0, events: [{ p: '[', d: 'x' }] }] };
    const error = await replayRecording(broken)
      .getData()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TransportError' });
  });

  it('the same recording replays again and again', async () => {
    const first = await replayRecording(handMade).getData();
    const second = await replayRecording(handMade, { pace: 'step' });
    while (second.step());
    expect(await second.getData()).toEqual(first);
  });

  it('checks its arguments', () => {
    expect(() => replayRecording(handMade, { pace: 0 })).toThrow(
      "replayRecording options.pace must be 'instant', 'recorded', 'step' or a speed above 0, got the number 0",
    );
    expect(() => replayRecording(handMade, { pace: 'fast' as 'step' })).toThrow(/replayRecording options.pace/);
    expect(() => replayRecording({ ...handMade, version: 2 as 1 })).toThrow(RecordingError);
  });
});

describe('serializeRecording and parseRecording', () => {
  it('round-trip a recording, one message a line', () => {
    const text = serializeRecording(handMade);
    expect(text.split('\n')).toEqual([
      '{"format":"fieldstream-recording","version":1,"source":"wire","messages":[',
      '{"at":0,"events":[{"k":"a","n":0,"f":"json"},{"k":"s","s":"streaming"}]},',
      '{"at":40,"events":[{"p":"name","d":"Ada"}]},',
      '{"at":100,"events":[{"p":"name","d":" L.","e":1},{"k":"f","v":{"name":"Ada L."}},{"k":"s","s":"done"}]}',
      ']}',
      '',
    ]);
    expect(parseRecording(text)).toEqual(handMade);
    expect(parseRecording(serializeRecording({ ...handMade, label: 'x', messages: [] }))).toEqual({
      ...handMade,
      label: 'x',
      messages: [],
    });
  });
});
