import { createFieldStore } from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { parseRecording, type Recording, recordResponse, replayRecording } from '@fieldstream/core/recording';
import { describe, expect, it } from 'vitest';
import type { ResponseEvent } from '../../src/response/response-events';
import { droppingServer, opening, rest } from '../patch-stream/dropping-server';

type Run = { connections: ResponseEvent[]; gaps: unknown[]; store: ReturnType<typeof createFieldStore> };

/** What a store bound to the response sees of its connection: each change of `reconnecting`, and the events. */
function follow(response: ReturnType<typeof fromPatchStream>): Run {
  const store = createFieldStore(response);
  const gaps: unknown[] = [store.getState().reconnecting];
  store.subscribe((state) => {
    if (state.reconnecting !== gaps.at(-1)) gaps.push(state.reconnecting);
  });
  const connections: ResponseEvent[] = [];
  response.subscribe((event) => {
    if (event.type === 'connection') connections.push(event);
  });
  return { connections, gaps, store };
}

const reconnections = [
  { type: 'connection', attempt: 0, state: 'reconnecting', retry: 1, delayMs: 0, lastEventId: '1' },
  { type: 'connection', attempt: 0, state: 'reconnecting', retry: 2, delayMs: 0, lastEventId: '1' },
  { type: 'connection', attempt: 0, state: 'open', retry: 2, delayMs: 0 },
];
const gaps = [undefined, { retry: 1, delayMs: 0 }, { retry: 2, delayMs: 0 }, undefined];

/** Records a `fromPatchStream` response over the dropping server, and what its store went through. */
async function recordedRun(): Promise<{ recording: Recording; run: Run }> {
  const response = fromPatchStream({ url: 'http://x/a', fetch: droppingServer(), resume: { delayMs: () => 0 } });
  const run = follow(response);
  let ms = 0;
  const recording = await recordResponse(response, { source: 'wire', frameMs: 0, now: () => (ms += 5) }).done;
  return { recording, run };
}

describe('a recording keeps the reader’s reconnections', () => {
  it('records each reconnection and the gap closing as connection events, between the answer’s messages', async () => {
    const { recording, run } = await recordedRun();
    expect(run.connections).toEqual(reconnections);
    expect(run.gaps).toEqual(gaps);
    const events = recording.messages.flatMap((recorded) => recorded.events);
    expect(events.filter((event) => event.k === 'c')).toEqual([
      { k: 'c', s: 'reconnecting', r: 1, ms: 0, id: '1' },
      { k: 'c', s: 'reconnecting', r: 2, ms: 0, id: '1' },
      { k: 'c', s: 'open', r: 2, ms: 0 },
    ]);
    // The gap sits between the message before the drop and the one after it: message 1 is replayed
    // by the server but read once.
    expect(events.map((event) => event.k ?? 'p')).toEqual(['a', 's', 'p', 'c', 'c', 'c', 'p', 'p', 'f', 's', 'm']);
  });

  for (const pace of ['instant', 'step'] as const) {
    it(`replayed at ${pace} pace, the store goes through the same reconnections and ends the same`, async () => {
      const { recording, run } = await recordedRun();
      const file = parseRecording(JSON.stringify(recording));
      const stepped = pace === 'step' ? replayRecording(file, { pace: 'step' }) : undefined;
      const replay = stepped ?? replayRecording(file);
      const replayed = follow(replay);
      while (stepped?.step());
      expect(await replay.getData()).toEqual({ title: 'Fix' });
      expect(replayed.connections).toEqual(reconnections);
      expect(replayed.gaps).toEqual(gaps);
      const { data, status, reconnecting, error } = run.store.getState();
      expect(replayed.store.getState()).toMatchObject({ data, status, reconnecting, error });
      expect(data).toEqual({ title: 'Fix' });
    });
  }

  it('at step pace, each reconnection is in the store when its message has been sent', async () => {
    const { recording } = await recordedRun();
    const replay = replayRecording(recording, { pace: 'step' });
    const store = createFieldStore(replay);
    const seen: unknown[] = [];
    while (replay.step()) seen.push(store.getState().reconnecting);
    const withGap = recording.messages.map((recorded) => recorded.events.findLast((event) => event.k === 'c'));
    expect(seen).toEqual(
      withGap.map((event) => (event?.s === 'reconnecting' ? { retry: event.r, delayMs: event.ms } : undefined)),
    );
  });

  it('a malformed connection event from a file reads as numbers, an id that is no string is left out, and only `reconnecting` opens a gap', async () => {
    const recording = parseRecording(
      JSON.stringify({
        format: 'fieldstream-recording',
        version: 1,
        source: 'wire',
        messages: [
          { at: 0, events: [...opening, { k: 'c', s: 'reconnecting', r: '1', ms: { x: 1 }, id: 7 }] },
          { at: 1, events: [{ k: 'c', s: '__proto__', r: 1, ms: 0 }, ...rest] },
        ],
      }),
    );
    const replay = replayRecording(recording);
    const replayed = follow(replay);
    expect(await replay.getData()).toEqual({ title: 'Fix' });
    expect(replayed.connections).toEqual([
      { type: 'connection', attempt: 0, state: 'reconnecting', retry: 1, delayMs: 0 },
      { type: 'connection', attempt: 0, state: 'open', retry: 1, delayMs: 0 },
    ]);
  });
});
