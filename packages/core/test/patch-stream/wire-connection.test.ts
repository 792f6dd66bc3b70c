import { createFieldStore } from '@fieldstream/core';
import { fromPatchStream, patchStreamMessages } from '@fieldstream/core/patch-stream';
import { describe, expect, it } from 'vitest';
import type { ResponseEvent } from '../../src/response/response-events';
import { droppingServer, opening, rest } from './dropping-server';

describe('a reader’s connection on the wire', () => {
  it('a server never sends its reader’s reconnections: a relayed reconnected answer has no connection event', async () => {
    const response = fromPatchStream({ url: 'http://x/a', fetch: droppingServer(), resume: { delayMs: () => 0 } });
    const seen: ResponseEvent['type'][] = [];
    response.subscribe((event) => seen.push(event.type));
    const messages: unknown[][] = [];
    for await (const text of patchStreamMessages(response, { frameMs: 0 })) messages.push(JSON.parse(text));
    expect(seen.filter((type) => type === 'connection')).toHaveLength(3);
    expect(messages.flat().filter((event) => (event as { k?: string }).k === 'c')).toEqual([]);
    expect(await response.getData()).toEqual({ title: 'Fix' });
  });

  it('a patch stream that carries connection events is read: the gap opens and closes, the answer is whole', async () => {
    const body = [
      [...opening, { k: 'c', s: 'reconnecting', r: 1, ms: 250 }],
      [{ k: 'c', s: 'open', r: 1, ms: 0 }, ...rest],
    ]
      .map((events) => `data: ${JSON.stringify(events)}\n\n`)
      .join('');
    const fetchImpl = (async () =>
      new Response(`${body}event: end\ndata: {}\n\n`, {
        headers: { 'content-type': 'text/event-stream' },
      })) as typeof fetch;
    const response = fromPatchStream({ url: 'http://x/a', fetch: fetchImpl });
    const store = createFieldStore(response);
    const gaps: unknown[] = [];
    store.subscribe((state) => gaps.push(state.reconnecting));
    expect(await response.getData()).toEqual({ title: 'Fix' });
    expect(gaps).toContainEqual({ retry: 1, delayMs: 250 });
    expect(store.getState()).toMatchObject({ status: 'done', reconnecting: undefined, data: { title: 'Fix' } });
  });
});
