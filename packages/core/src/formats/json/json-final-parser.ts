import { OutputParseError } from '../../errors/errors';
import type { FinalParse, FormatParserOptions } from '../format-parser';
import { type BlockFailure, findJsonBlocks, type JsonBlock } from './json-block-finder';
import { schemaScore, structureScore } from './json-block-score';
import { fullWidthStructural, skipTrivia } from './json-characters';
import { nestsDeeperThan, parseStrictJson } from './json-strict';
import { readJsonValue } from './json5-reader';

/**
 * The json format's final parser (docs/formats.md §2), in this order:
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
    if (read.ok && (read.truncated || endsAfterScalar(text, read.end))) {
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

/** Only trivia, or one trailing comma and trivia (`4,`), follows a root scalar. */
function endsAfterScalar(text: string, end: number): boolean {
  const next = skipTrivia(text, end);
  if (next === text.length) return true;
  return text.charCodeAt(next) === 0x2c && skipTrivia(text, next + 1) === text.length;
}
