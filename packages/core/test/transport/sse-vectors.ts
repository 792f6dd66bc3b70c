// The SSE conformance vectors and the chunkings every SSE parser must be invariant under.
import { readFileSync } from 'node:fs';
import { seededRandom } from '@fieldstream/core/testing';

/** One dispatched event as the vectors spell it. */
export type VectorEvent = { type: string; data: string; lastEventId: string };

export type SSEVector = {
  name: string;
  rule: string;
  input: string;
  events: VectorEvent[];
  retry: number | null;
  needsFlush?: boolean;
};

/** What a parser produced for one run: the events, and the reconnection time at the end. */
export type VectorResult = { events: VectorEvent[]; retry: number | null };

/** One way of splitting an input: bytes (as a network delivers them) or UTF-16 text. */
export type Chunking = { name: string; chunks: (Uint8Array | string)[] };

export const sseVectors: SSEVector[] = (
  JSON.parse(readFileSync(new URL('../fixtures/sse/vectors.json', import.meta.url), 'utf8')) as { vectors: SSEVector[] }
).vectors;

export const RANDOM_SPLIT_SEEDS = Array.from({ length: 24 }, (_, i) => i + 1);

/**
 * Every chunking of the harness rule: the whole input (bytes), one byte at a time, one UTF-16
 * code unit at a time (text), and 24 seeded random byte splits of 1–12 bytes.
 */
export function chunkingsOf(input: string): Chunking[] {
  const bytes = new TextEncoder().encode(input);
  const chunkings: Chunking[] = [
    { name: 'whole', chunks: [bytes] },
    { name: 'byte-at-a-time', chunks: Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)) },
    { name: 'code-unit-at-a-time', chunks: Array.from({ length: input.length }, (_, i) => input[i] as string) },
  ];
  for (const seed of RANDOM_SPLIT_SEEDS) {
    const random = seededRandom(seed);
    const chunks: Uint8Array[] = [];
    for (let start = 0; start < bytes.length; ) {
      const size = 1 + Math.floor(random() * 12);
      chunks.push(bytes.subarray(start, start + size));
      start += size;
    }
    chunkings.push({ name: `random-split-${seed}`, chunks });
  }
  return chunkings;
}

/**
 * For parsers that only take bytes: text chunks become the UTF-8 bytes between the same code
 * unit boundaries (a boundary inside a surrogate pair cuts its 4-byte sequence in the middle).
 */
export function asByteChunks(chunks: readonly (Uint8Array | string)[]): Uint8Array[] {
  if (chunks.every((chunk) => chunk instanceof Uint8Array)) return chunks as Uint8Array[];
  const text = chunks.join('');
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  let byteOffset = 0;
  let unitOffset = 0;
  let pendingSurrogateBytes = 0;
  for (const chunk of chunks) {
    let end = byteOffset;
    for (let i = 0; i < (chunk as string).length; i++) {
      const code = text.charCodeAt(unitOffset + i);
      if (code >= 0xd800 && code <= 0xdbff) {
        end += 2;
        pendingSurrogateBytes = 2;
      } else if (code >= 0xdc00 && code <= 0xdfff && pendingSurrogateBytes > 0) {
        end += pendingSurrogateBytes;
        pendingSurrogateBytes = 0;
      } else end += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    }
    unitOffset += (chunk as string).length;
    out.push(bytes.subarray(byteOffset, end));
    byteOffset = end;
  }
  return out;
}

/** True when a run produced exactly the vector's events and reconnection time. */
export function matchesVector(vector: SSEVector, result: VectorResult): boolean {
  return JSON.stringify(result) === JSON.stringify({ events: vector.events, retry: vector.retry });
}
