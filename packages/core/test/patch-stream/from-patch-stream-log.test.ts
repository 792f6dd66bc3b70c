import { createFieldStore, type ResponseEvent, type StreamingData } from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { describe, expect, it } from 'vitest';
import { PatchEncoder } from '../../src/patch-stream/patch-codec';

/** A delta patch, or (with `done`) a path's `done`. */
const data = (path: string, delta: string, value: unknown, done = false): StreamingData => ({
  path,
  wildcard_path: path,
  indexes: [],
  delta,
  value,
  is_complete: done,
  event_type: done ? 'done' : 'delta',
});
const delta = (path: string, text: string, value: string) => data(path, text, value);
const done = (path: string, value: unknown) => data(path, '', value, true);
const patch = (data: StreamingData): ResponseEvent => ({ type: 'patch', attempt: 0, data });

/** Resolves when the stream has ended (its readers finish on close). */
async function ended(client: ReturnType<typeof patchStream>): Promise<void> {
  for await (const _ of client.instant());
}

/** A patch stream of the given SSE messages (each a list of response events), as `toPatchStream` writes it. */
function patchStream(messages: readonly ResponseEvent[][]) {
  const encoder = new PatchEncoder();
  const body =
    messages.map((events) => `data: ${JSON.stringify(events.map((event) => encoder.encode(event)))}\n\n`).join('') +
    'event: end\ndata: {}\n\n';
  return fromPatchStream({
    url: 'http://patch-stream.test/',
    fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
  });
}

const messages: ResponseEvent[][] = [
  [{ type: 'status', attempt: 0, status: 'streaming' }, patch(delta('title', 'Fix', 'Fix'))],
  [patch(delta('title', ' lo', 'Fix lo')), patch(delta('title', 'gin', 'Fix login'))],
  [patch(done('title', 'Fix login')), { type: 'final', attempt: 0, data: { title: 'Fix login' } }],
  [{ type: 'status', attempt: 0, status: 'done' }],
];

describe('fromPatchStream keeps one compact event log', () => {
  it('sends the patches of one SSE message to a chunk subscriber (a store) as one chunk', async () => {
    const client = patchStream(messages);
    const batches: string[][] = [];
    client.subscribeChunks({
      events: (batch) => batches.push(batch.map((event) => event.type)),
      patches: (chunk) => batches.push(chunk.patches.map((data) => `${data.event_type}:${data.delta}`)),
    });
    expect(await client.getData()).toEqual({ title: 'Fix login' });
    await ended(client);
    expect(batches).toEqual([['status'], ['delta:Fix'], ['delta: lo', 'delta:gin'], ['done:'], ['final'], ['status']]);
  });

  it('replays coalesced deltas to a late subscriber, and every delta to instant() readers that were there', async () => {
    const client = patchStream(messages);
    const live: string[] = [];
    const reading = (async () => {
      for await (const data of client.instant()) live.push(`${data.event_type}:${data.delta}`);
    })();
    await client.getData();
    await reading;
    expect(live).toEqual(['delta:Fix', 'delta: lo', 'delta:gin', 'done:']);
    const late: ResponseEvent[] = [];
    client.subscribe((event) => late.push(event));
    expect(late.map((event) => (event.type === 'patch' ? event.data : event.type))).toEqual([
      'status',
      { ...delta('title', 'Fix login', 'Fix login') },
      done('title', 'Fix login'),
      'final',
      'status',
    ]);
  });

  it('feeds a bound store through its batches', async () => {
    const client = patchStream(messages);
    const store = createFieldStore(client);
    await ended(client);
    expect(store.getState().status).toBe('done');
    expect(store.getField('title')).toMatchObject({ value: 'Fix login', isComplete: true });
  });
});
