import { OutputParseError } from '../errors/errors';
import type { OutputDefinition } from '../schema/define-output';
import type { FormatName } from '../schema/select-format';
import type { FinalParse, FormatDefinition, FormatFinalParser } from './format-parser';
import { formatDefinition } from './format-registry';
import { ParseLimitError } from './parse-limit-error';

/** Options of {@link parseAnswer}. */
export type ParseAnswerOptions = {
  /** The format the answer was asked for (already resolved: never `auto`). */
  format: FormatName;
  /** The schema, used to pick the best JSON block and to coerce text-format fields. */
  output?: OutputDefinition | undefined;
  /** Deepest nesting accepted before a `DepthLimitError` (default: unlimited). */
  maxDepth?: number | undefined;
  /** Definitions to look `format` up in before the registered ones. */
  formats?: readonly FormatDefinition[] | undefined;
};

/**
 * The authoritative parse of an answer (its leading reasoning already split off).
 *
 * Dispatches to the format's final parser. When a text format finds nothing (its parser throws
 * an `OutputParseError`), its `jsonFallback` (the lenient JSON parser) runs on the whole answer — the "JSON fallback" —
 * and its result is accepted only if it is an object; the parse then reports `format: 'json'`.
 * When the fallback does not yield an object, the text format's own error is thrown.
 *
 * The `text` format's parser returns the answer verbatim, so `getData()` equals `getText()`.
 */
export function parseAnswer(answer: string, options: ParseAnswerOptions): FinalParse {
  const { format } = options;
  const parserOptions = { output: options.output, maxDepth: options.maxDepth };
  const definition = formatDefinition(format, options.formats, 'parseOutput options.format');
  const { jsonFallback } = definition;
  if (jsonFallback === undefined) return definition.parse(answer, parserOptions);
  try {
    return definition.parse(answer, parserOptions);
  } catch (error) {
    if (!(error instanceof OutputParseError) || error instanceof ParseLimitError) throw error;
    const fallback = parseJsonFallback(jsonFallback, answer, parserOptions);
    if (fallback === undefined) throw error;
    return fallback;
  }
}

function parseJsonFallback(
  parse: FormatFinalParser,
  answer: string,
  options: Pick<ParseAnswerOptions, 'output' | 'maxDepth'>,
): FinalParse | undefined {
  let parsed: FinalParse;
  try {
    parsed = parse(answer, options);
  } catch (error) {
    if (error instanceof OutputParseError) return undefined;
    throw error;
  }
  const { value } = parsed;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return { value, repaired: parsed.repaired, format: 'json' };
}
