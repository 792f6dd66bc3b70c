// The wire writer follows a response's chunks (no event object per patch), and what it writes is
// what following the same response an event at a time writes: the same messages, byte for byte.
import { createResponse, type ResponseEvent, type StreamedResponse } from '@fieldstream/core';
import { toPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';

const answers = ['{"title": "", "steps": []}', '{"title": "Fix login", "steps": ["reproduce", "patch auth"]}'];

function response(): StreamedResponse<unknown> {
  return createResponse({
    model: scriptedModel({ answers, chunkSize: [1, 7], seed: 3 }),
    input: 'x',
    format: 'json',
    maxRetries: 1,
    validate: (data) => (data as { title: string }).title !== '',
  });
}

/** `response` as a source the writer can only follow an event at a time. */
function eventByEvent(source: StreamedResponse<unknown>) {
  return {
    subscribe: (listener: (event: ResponseEvent) => void) => source.subscribe(listener),
    observe: source.observe,
    getData: () => source.getData(),
    getMeta: () => source.getMeta(),
    start: () => source.start(),
    abort: (reason?: string) => source.abort(reason),
  };
}

describe('the wire writer and a response’s chunks', () => {
  it('takes the chunks, never an event per patch, and writes what the event-by-event writer writes', async () => {
    const chunked = response();
    const perEvent: string[] = [];
    // Nothing else listens an event at a time: the writer must not either.
    const subscribe = chunked.subscribe;
    chunked.subscribe = (listener) => {
      perEvent.push('subscribe');
      return subscribe(listener);
    };
    const viaChunks = await toPatchStream(chunked, { frameMs: 0 }).text();
    expect(perEvent).toEqual([]);
    const viaEvents = await toPatchStream(eventByEvent(response()), { frameMs: 0 }).text();
    expect(viaChunks).toBe(viaEvents);
    expect(viaChunks).toContain('"s":"retrying"');
    expect(viaChunks).toContain('"n":1');
  });

  it('with the raw text asked for, follows the events (a chunk of text only is no chunk)', async () => {
    const withText = response();
    let subscribed = 0;
    const subscribe = withText.subscribe;
    withText.subscribe = (listener) => {
      subscribed++;
      return subscribe(listener);
    };
    const text = await toPatchStream(withText, { frameMs: 0, text: true }).text();
    expect(subscribed).toBe(1);
    expect(text).toContain('"k":"t"');
  });
});
