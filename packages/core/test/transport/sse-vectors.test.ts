import { parseSSE, type SSEMessage } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SSEDecoder } from '../../src/transport/sse-decoder';
import { chunkingsOf, RANDOM_SPLIT_SEEDS, type SSEVector, sseVectors, type VectorResult } from './sse-vectors';

function toResult(messages: SSEMessage[], retry: number | undefined): VectorResult {
  return { events: messages.map((m) => ({ type: m.event, data: m.data, lastEventId: m.id })), retry: retry ?? null };
}

function decodeAll(chunks: readonly (Uint8Array | string)[]): VectorResult {
  const decoder = new SSEDecoder();
  const messages = chunks.flatMap((chunk) => decoder.push(chunk));
  messages.push(...decoder.end());
  return toResult(messages, decoder.retry);
}

function streamOf<T>(chunks: readonly T[]): ReadableStream<T> {
  return new ReadableStream<T>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

const expected = (vector: SSEVector): VectorResult => ({ events: vector.events, retry: vector.retry });

describe('SSE conformance vectors', () => {
  it('has the 40 vectors and 27 chunkings per vector (≥ 20 random byte splits)', () => {
    expect(sseVectors).toHaveLength(40);
    expect(RANDOM_SPLIT_SEEDS.length).toBeGreaterThanOrEqual(20);
    expect(chunkingsOf('data: x\n\n')).toHaveLength(3 + RANDOM_SPLIT_SEEDS.length);
  });

  describe.each(sseVectors.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    it.each(chunkingsOf(vector.input).map((chunking) => [chunking.name, chunking.chunks] as const))(
      'SSEDecoder, %s',
      (_chunking, chunks) => {
        expect(decodeAll(chunks)).toEqual(expected(vector));
      },
    );

    it('parseSSE over a ReadableStream gives the same events under every chunking', async () => {
      for (const chunking of chunkingsOf(vector.input)) {
        const messages: SSEMessage[] = [];
        for await (const message of parseSSE(streamOf(chunking.chunks))) messages.push(message);
        expect(toResult(messages, undefined).events, chunking.name).toEqual(vector.events);
      }
    });
  });

  it('keeps exactly one leading BOM out (the double-BOM case drops the first event)', () => {
    const bytes = new TextEncoder().encode('\uFEFF\uFEFFdata: x\n\ndata: y\n\n');
    expect(decodeAll([bytes]).events).toEqual([{ type: 'message', data: 'y', lastEventId: '' }]);
    expect(decodeAll(['\uFEFFdata: x\n\n']).events).toEqual([{ type: 'message', data: 'x', lastEventId: '' }]);
  });

  it('any byte split of any vector gives the events of the whole input (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...sseVectors), fc.array(fc.nat(), { maxLength: 30 }), (vector, rawCuts) => {
        const bytes = new TextEncoder().encode(vector.input);
        const cuts = [...new Set(rawCuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let start = 0;
        for (const cut of [...cuts, bytes.length]) {
          chunks.push(bytes.subarray(start, cut));
          start = cut;
        }
        expect(decodeAll(chunks)).toEqual(expected(vector));
      }),
      { numRuns: 400 },
    );
  });

  it('decodes a multibyte character split across chunks without replacement characters', () => {
    const bytes = new TextEncoder().encode('data: é€😀\n\n');
    const chunks = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
    expect(decodeAll(chunks).events).toEqual([{ type: 'message', data: 'é€😀', lastEventId: '' }]);
  });
});
