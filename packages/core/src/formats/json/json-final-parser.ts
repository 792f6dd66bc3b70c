import { OutputParseError } from '../../errors/errors';
import type { FinalParse, FormatParserOptions } from '../format-parser';
import { type BlockFailure, findJsonBlocks, type JsonBlock } from './json-block-finder';
import { schemaScore, structureScore } from './json-block-score';
import { fullWidthStructural, skipTrivia } from './json-characters';
import { readJsonValue } from './json5-reader';

/**
 * The json format's final parser (FORMATS.md, json), in this order:
 * 1. a text that is exactly one strict JSON document: `JSON.parse`'s value (the fast path);
 * 2. a text starting with `{` or `[` (after whitespace and comments): the value there;
 * 3. every object or array in the text (prose, ```json fences) is a candidate and the one
 *    matching the most schema paths wins — without a schema, the one with the most distinct
 *    paths; ties go to the later block, so an answer beats the draft before it;
 * 4. a text that is one JSON5 scalar (`'hi'`, `+1`), or a string cut off by the end of the text.
 * Syntax is JSON5 plus repairs (see `readJsonValue`); a truncated value is closed and flagged
 * `repaired`. Throws `OutputParseError` (with the text as `rawText`) when nothing is found, and
 * `DepthLimitError` when the value nests deeper than `maxDepth`.
 */
export function parseJsonText(text: string, options: FormatParserOptions = {}): FinalParse {
  const readOptions = { maxDepth: options.maxDepth };
  const exact = parseStrictJson(text);
  if (exact !== undefined && !nestsDeeperThan(exact.value, options.maxDepth)) {
    return { value: exact.value, repaired: false, format: 'json' };
  }
  const start = skipTrivia(text, 0);
  if (start >= text.length) throw parseError(text, 'the text is empty');
  const first = text.charCodeAt(start);
  const opener = fullWidthStructural(first) ?? first;

  let search: { blocks: JsonBlock[]; failure: BlockFailure | undefined };
  let scalar: FinalParse | undefined;
  if (opener === 0x7b || opener === 0x5b) {
    const direct = readJsonValue(text, start, readOptions);
    if (direct.ok) return { value: direct.value, repaired: direct.repaired, format: 'json' };
    // The text is one broken value: a container that closed inside it is a fragment, not the
    // answer (`{"a":1{"b":2}}` must not read as {"b":2}). Only blocks after the failure count.
    const after = findJsonBlocks(text, Math.max(direct.position, start + 1), readOptions, {
      blocks: [],
      failure: { position: direct.position, reason: direct.reason },
    });
    search = { blocks: after.blocks.filter((block) => block.start > direct.position), failure: after.failure };
  } else {
    const read = readJsonValue(text, start, readOptions);
    if (read.ok && (read.truncated || skipTrivia(text, read.end) === text.length)) {
      scalar = { value: read.value, repaired: read.repaired, format: 'json' };
    }
    search = findJsonBlocks(text, start, readOptions);
  }

  const best = chooseBlock(search.blocks, options);
  if (best !== undefined) return { value: best.value, repaired: best.repaired, format: 'json' };
  if (scalar !== undefined) return scalar;
  const { failure } = search;
  if (failure === undefined) throw parseError(text, 'no JSON object or array found in the text');
  throw parseError(
    text,
    `no JSON value could be read: ${failure.reason} at ${describePosition(text, failure.position)}`,
  );
}

/** Whether a parsed value has more than `maxDepth` nested containers (iterative). */
function nestsDeeperThan(value: unknown, maxDepth: number | undefined): boolean {
  if (maxDepth === undefined) return false;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * The fast path: a text that is exactly one JSON document parses with `JSON.parse`, which the
 * lenient reader agrees with on every valid document (`__proto__` included: `JSON.parse` makes it
 * an own property). `undefined` when the text is not strict JSON.
 */
function parseStrictJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The highest-scoring block; ties go to the later one. */
function chooseBlock(blocks: readonly JsonBlock[], options: FormatParserOptions): JsonBlock | undefined {
  const root = options.output?.root;
  let best: JsonBlock | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const block of blocks) {
    const score = root === undefined ? structureScore(block.value) : schemaScore(block.value, root);
    if (score >= bestScore) {
      best = block;
      bestScore = score;
    }
  }
  return best;
}

function parseError(text: string, reason: string): OutputParseError {
  return new OutputParseError('json', reason, { rawText: text });
}

/** `line 3, column 7` (1-based), for error messages. */
function describePosition(text: string, position: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `line ${line}, column ${position - lineStart + 1}`;
}
