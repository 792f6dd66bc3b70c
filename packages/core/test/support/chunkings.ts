// Ways to split one text into chunks, shared by every format's chunking-invariance tests.
import { seededRandom } from '@fieldstream/core/testing';

/** The text split at the given cut offsets (sorted, deduplicated, inside the text). */
export function splitAt(text: string, cuts: readonly number[]): string[] {
  const sorted = [...new Set(cuts)].filter((cut) => cut > 0 && cut < text.length).sort((a, b) => a - b);
  const chunks: string[] = [];
  let start = 0;
  for (const cut of sorted) {
    chunks.push(text.slice(start, cut));
    start = cut;
  }
  chunks.push(text.slice(start));
  return chunks;
}

/** One character (UTF-16 code unit) per chunk: surrogate pairs are split too, on purpose. */
export function charChunks(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text[i] as string);
}

/**
 * `count` seeded random chunkings of `text`. Chunk sizes vary from 1 character to a quarter of the
 * text, so some chunkings are fine-grained and some cut in only a few places.
 */
export function seededChunkings(text: string, count: number, seed: number): string[][] {
  const random = seededRandom(seed);
  const chunkings: string[][] = [];
  for (let n = 0; n < count; n++) {
    const maxSize = 1 + Math.floor(random() * Math.max(1, text.length / 4));
    const chunks: string[] = [];
    for (let i = 0; i < text.length; ) {
      const size = 1 + Math.floor(random() * maxSize);
      chunks.push(text.slice(i, i + size));
      i += size;
    }
    chunkings.push(chunks.length === 0 ? [''] : chunks);
  }
  return chunkings;
}

/** Every two-chunk split of `text` (each cut position once). */
export function everyTwoWaySplit(text: string): string[][] {
  return Array.from({ length: text.length + 1 }, (_, cut) => [text.slice(0, cut), text.slice(cut)]);
}

/** Every possible chunking of a short text (2^(n-1) of them; refuses texts over 16 characters). */
export function everyChunking(text: string): string[][] {
  if (text.length > 16) throw new RangeError('everyChunking is exponential: use a text of at most 16 characters');
  if (text.length <= 1) return [[text]];
  const chunkings: string[][] = [];
  for (let mask = 0; mask < 1 << (text.length - 1); mask++) {
    const cuts: number[] = [];
    for (let bit = 0; bit < text.length - 1; bit++) if (mask & (1 << bit)) cuts.push(bit + 1);
    chunkings.push(splitAt(text, cuts));
  }
  return chunkings;
}

/** The standard set: whole, one char at a time, and `count` seeded random chunkings. */
export function standardChunkings(text: string, count = 100, seed = 1): string[][] {
  return [[text], charChunks(text), ...seededChunkings(text, count, seed)];
}
