// Security issue 45: `maxMessageLength` holds for a message that arrives complete within one read.
// Only what was still incomplete at the end of a chunk was checked, so a complete message of any
// size passed whenever a network read held all of it.
import {
  ArgumentError,
  createFieldStore,
  fetchEventStream,
  parseSSE,
  type SSEMessage,
  TransportError,
} from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SSEDecoder } from '../../src/transport/sse-decoder';
import { splitAt } from '../support/chunkings';
import { collectUntilError } from './local-server';

const tooLarge = (limit: number) => ({
  name: 'TransportError',
  code: 'STREAM_MESSAGE_TOO_LARGE',
  status: 0,
  message: `An event-stream message is longer than ${limit} characters (maxMessageLength)`,
});

/** A data line of `length` characters in all (`data: ` included). */
const dataLine = (length: number) => `data: ${'x'.repeat(length - 6)}`;

/** What a decoder with `limit` makes of `chunks`: the events, and the error it failed with. */
function decode(chunks: readonly string[], limit: number): { events: SSEMessage[]; error: unknown } {
  const decoder = new SSEDecoder({ maxMessageLength: limit });
  const events: SSEMessage[] = [];
  for (const chunk of chunks) {
    events.push(...decoder.push(chunk));
    if (decoder.failure) return { events, error: decoder.failure };
  }
  events.push(...decoder.end());
  return { events, error: decoder.failure };
}

/** One chunk: a body a network delivers in a single read. */
const oneRead = (text: string, cancelled: string[] = []) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
      },
      cancel(reason) {
        cancelled.push(String(reason));
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

describe('SSEDecoder maxMessageLength', () => {
  it('a complete 1000-character message in a single push fails a 100-character limit', () => {
    const decoder = new SSEDecoder({ maxMessageLength: 100 });
    expect(decoder.push(`${dataLine(1000)}\n\n`)).toEqual([]);
    expect(decoder.failure).toBeInstanceOf(TransportError);
    expect(decoder.failure).toMatchObject(tooLarge(100));
  });

  it('a message of exactly the limit passes, one character more fails, however it is cut', () => {
    for (const cut of [[], [1], [99], [100], [101], [50, 100]]) {
      const exact = decode(splitAt(`${dataLine(100)}\n\n`, cut), 100);
      expect(exact).toEqual({ events: [{ event: 'message', data: 'x'.repeat(94), id: '' }], error: undefined });
      const over = decode(splitAt(`${dataLine(101)}\n\n`, cut), 100);
      expect(over).toEqual({ events: [], error: expect.objectContaining(tooLarge(100)) });
    }
    // Lines of one message add up; each new message starts from nothing.
    expect(decode([`${dataLine(50)}\n${dataLine(50)}\n\n${dataLine(100)}\n\n`], 100).events).toHaveLength(2);
    expect(decode([`${dataLine(50)}\n${dataLine(51)}\n\n`], 100).error).toMatchObject(tooLarge(100));
  });

  it('returns the events completed before the message past the limit, and none after it', () => {
    const decoder = new SSEDecoder({ maxMessageLength: 100 });
    expect(decoder.push(`data: a\n\n${dataLine(1000)}\n\ndata: b\n\n`)).toEqual([
      { event: 'message', data: 'a', id: '' },
    ]);
    expect(decoder.failure).toMatchObject(tooLarge(100));
  });

  it('the events and the failure do not depend on how the input is cut (property)', () => {
    const line = fc.oneof(
      fc.nat({ max: 60 }).map((length) => `data: ${'d'.repeat(length)}`),
      fc.nat({ max: 60 }).map((length) => `: ${'c'.repeat(length)}`),
      fc.nat({ max: 20 }).map((length) => `event: ${'e'.repeat(length)}`),
      fc.constant(''),
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (lines, end, limit, cuts) => {
          const text = lines.map((l) => l + end).join('');
          const whole = decode([text], limit);
          const cut = decode(
            splitAt(
              text,
              cuts.map((at) => at % (text.length + 1)),
            ),
            limit,
          );
          expect(cut).toEqual(whole);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('maxMessageLength from the outside, the whole body in one read', () => {
  it('fetchEventStream: the events before it, then STREAM_MESSAGE_TOO_LARGE, and the body is cancelled', async () => {
    const cancelled: string[] = [];
    const fetch = async () => oneRead(`data: first\n\n${dataLine(1000)}\n\n`, cancelled);
    const { items, error } = await collectUntilError(
      fetchEventStream('http://x.test/', { fetch, maxMessageLength: 100 }),
    );
    expect(items).toEqual([{ event: 'message', data: 'first', id: '' }]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject(tooLarge(100));
    expect(cancelled).toHaveLength(1);
  });

  it('parseSSE over any stream: the same limit, the events before it, and the source is cancelled', async () => {
    const cancelled: string[] = [];
    const source = oneRead(`data: first\n\n${dataLine(1000)}\n\n`, cancelled).body as ReadableStream<Uint8Array>;
    const { items, error } = await collectUntilError(parseSSE(source, { maxMessageLength: 100 }));
    expect(items).toEqual([{ event: 'message', data: 'first', id: '' }]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject(tooLarge(100));
    expect(cancelled).toHaveLength(1);
    await expect(parseSSE(source, { maxMessageLength: 0 }).next()).rejects.toThrowError(ArgumentError);
    await expect(parseSSE(source, { maxMessageLength: 0 }).next()).rejects.toThrowError(
      'parseSSE options.maxMessageLength must be',
    );
  });

  it('fromPatchStream: getData() rejects, the store shows the error, and what streamed before stays', async () => {
    const patches = '[{"k":"a","n":0,"f":"json"},{"k":"s","s":"streaming"},{"p":"title","d":"Fix","v":"Fix"}]';
    const large = `[{"p":"body","d":"${'x'.repeat(1000)}"}]`;
    const response = fromPatchStream({
      url: 'http://x.test/',
      fetch: async () => oneRead(`data: ${patches}\n\ndata: ${large}\n\n`),
      maxMessageLength: 200,
    });
    const store = createFieldStore(response);
    const error = await response.getData().catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject(tooLarge(200));
    expect(store.getState()).toMatchObject({ status: 'error', error });
    expect(store.getField('title').value).toBe('Fix');
    expect(store.getField('body').value).toBeUndefined();
  });
});
