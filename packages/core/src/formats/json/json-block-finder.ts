import { type CompletedValue, type ReadOptions, readJsonValue } from './json5-reader';

/** A JSON object or array found in a text. */
export type JsonBlock = CompletedValue;

/** Where and why the first failed attempt stopped (for the error when nothing is found). */
export type BlockFailure = { position: number; reason: string };

/** Opening brackets a block may start with: ASCII and full-width. */
const BLOCK_START = /[{[\uFF5B\uFF3B]/g;

/**
 * Collects every JSON object or array in `text` from `from` on, in document order: at each
 * opening bracket the lenient reader tries a value; a value that reads (or is truncated by the end
 * of the text) is a block, and the scan resumes after it. A failed attempt still yields the
 * containers that closed inside it, and the scan resumes where it failed — every position is
 * read at most once, so the search is linear even for `[[[[…x`.
 */
export function findJsonBlocks(
  text: string,
  from: number,
  options: ReadOptions,
  seed: { blocks: JsonBlock[]; failure: BlockFailure | undefined } = { blocks: [], failure: undefined },
): { blocks: JsonBlock[]; failure: BlockFailure | undefined } {
  const blocks = seed.blocks;
  let failure = seed.failure;
  const pattern = new RegExp(BLOCK_START.source, 'g');
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const start = match.index;
    const read = readJsonValue(text, start, options);
    if (read.ok) {
      blocks.push({ value: read.value, start, end: read.end, repaired: read.repaired });
      pattern.lastIndex = read.end;
    } else {
      for (const block of read.completed) blocks.push(block); // No spread: it may be huge.
      failure ??= { position: read.position, reason: read.reason };
      pattern.lastIndex = Math.max(read.position, start + 1);
    }
  }
  return { blocks, failure };
}
