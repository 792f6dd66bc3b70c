import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubSecret, scrubStream } from '../src/scrub-secret';

const KEY = 'sk-live-abcdef0123456789';

async function throughStream(parts: readonly string[]): Promise<{ text: string; chunks: string[] }> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const reader = source.pipeThrough(scrubStream(KEY)).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(decoder.decode(next.value));
  return { text: chunks.join(''), chunks };
}

describe('scrubStream', () => {
  it('removes the key however the text is split, and changes nothing else', async () => {
    const piece = fc.oneof(fc.constant(KEY), fc.constant(KEY.slice(0, 5)), fc.string({ maxLength: 12 }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 8 }),
        fc.array(fc.nat(40), { maxLength: 6 }),
        async (pieces, cuts) => {
          const text = pieces.join('');
          const points = [...new Set(cuts.map((cut) => Math.min(cut, text.length)))].sort((a, b) => a - b);
          const parts = [0, ...points].map((start, i) => text.slice(start, points[i] ?? text.length));
          const { text: out } = await throughStream(parts);
          expect(out).toBe(text.split(KEY).join('[redacted]'));
          expect(out).not.toContain(KEY);
        },
      ),
    );
  });

  it('holds back only a tail that could start the key', async () => {
    const { chunks } = await throughStream(['data: hello\n\n', 'data: sk-li', 've-abcdef0123456789 end\n\n']);
    expect(chunks).toEqual(['data: hello\n\n', 'data: ', '[redacted] end\n\n']);
  });
});

describe('scrubSecret', () => {
  it('redacts the key and any 8+ character piece of it', () => {
    expect(scrubSecret(`bad key ${KEY}; fragment ${KEY.slice(4, 16)} and sk-li`, KEY)).toBe(
      'bad key [redacted]; fragment [redacted] and sk-li',
    );
  });
});
