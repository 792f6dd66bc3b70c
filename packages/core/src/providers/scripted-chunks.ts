/** A fixed chunk size, or `[min, max]` drawn per chunk from a seeded PRNG. */
export type ChunkSize = number | readonly [min: number, max: number];

/**
 * Splits `text` into chunks of `size` UTF-16 units, never between the two halves of a surrogate
 * pair (a real provider never sends half a character).
 */
export function* chunksOf(text: string, size: ChunkSize, random: () => number): Generator<string, void, undefined> {
  const [min, max] = typeof size === 'number' ? [size, size] : size;
  const low = Math.max(1, Math.floor(Math.min(min, max)));
  const high = Math.max(low, Math.floor(Math.max(min, max)));
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + low + Math.floor(random() * (high - low + 1)));
    const before = text.charCodeAt(end - 1);
    if (end < text.length && before >= 0xd800 && before <= 0xdbff) end++;
    yield text.slice(start, end);
    start = end;
  }
}
