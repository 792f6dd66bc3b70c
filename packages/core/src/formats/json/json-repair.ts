import { OutputParseError } from '../../errors/errors';
import type { FinalParse, FormatFinalParser, FormatParserOptions } from '../format-parser';
import { nestsDeeperThan, parseStrictJson } from './json-strict';

/**
 * The json format's lenient final parser (JSON5, repairs, block search: `json-final-parser.ts`)
 * stays out of a bundle's first chunk (decision 0013): a strict JSON answer never needs it. It is
 * here once `prepare` loaded it for an answer that is not strict JSON, or once `parseOutput` (which
 * imports it) ran.
 */
let lenient: FormatFinalParser | undefined;

/** A strict parse `prepare` made, handed to the final parse of the same text (no second `JSON.parse`). */
let prepared: { text: string; value: unknown; maxDepth: number | undefined } | undefined;

/** Makes the lenient parser available synchronously (callers that import it anyway). */
export function provideJsonRepair(parser: FormatFinalParser): void {
  lenient = parser;
}

/** Loads the lenient parser (a dynamic import, once). */
export async function loadJsonRepair(): Promise<void> {
  if (lenient !== undefined) return;
  // The namespace, not a destructured import: Vite then emits a bare import() without a wrapper.
  const repair = await import('./json-final-parser');
  lenient ??= repair.parseJsonText;
}

/** The json format's `prepare`: loads the lenient parser unless `answer` is strict JSON within `maxDepth`. */
export async function prepareJson(answer?: string, options: FormatParserOptions = {}): Promise<void> {
  if (lenient !== undefined) return;
  const strict = answer === undefined ? undefined : parseStrictJson(answer);
  if (answer !== undefined && strict !== undefined && !nestsDeeperThan(strict.value, options.maxDepth)) {
    prepared = { text: answer, value: strict.value, maxDepth: options.maxDepth };
    return;
  }
  await loadJsonRepair();
}

/**
 * The json format's final parser: the lenient one when loaded; else a strict JSON document, or an
 * `OutputParseError` that says to `await prepare()` first (docs/formats.md §2: the repairs need it).
 */
export function parseJsonAnswer(text: string, options: FormatParserOptions = {}): FinalParse {
  const memo = prepared;
  prepared = undefined;
  if (lenient !== undefined) return lenient(text, options);
  // `prepare` checked the depth of its parse already.
  if (memo?.text === text && memo.maxDepth === options.maxDepth)
    return { value: memo.value, repaired: false, format: 'json' };
  const strict = parseStrictJson(text);
  if (strict !== undefined && !nestsDeeperThan(strict.value, options.maxDepth)) {
    return { value: strict.value, repaired: false, format: 'json' };
  }
  throw new OutputParseError('json', 'not strict JSON; to repair it, await parser.prepare() before parser.finish()', {
    rawText: text,
  });
}
