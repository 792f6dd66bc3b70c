import { OutputParseError } from '../../errors/errors';
import type { FinalParse, FormatFinalParser, FormatParserOptions } from '../format-parser';
import { parseJsonText } from '../json/json-final-parser';
import { ParseLimitError } from '../parse-limit-error';

/**
 * The text formats' "JSON fallback" (docs/formats.md §1): `parse` first; when it finds nothing (an
 * `OutputParseError`), the lenient JSON final parser runs on the whole answer and its result is
 * accepted only if it is an object — the parse then reports `format: 'json'`. When it does not
 * yield an object, the format's own error is thrown. Text formats set it as their `parseWithJsonFallback`.
 */
export function parseWithJsonFallback(
  parse: FormatFinalParser,
  answer: string,
  options: FormatParserOptions,
): FinalParse {
  try {
    return parse(answer, options);
  } catch (error) {
    if (!(error instanceof OutputParseError) || error instanceof ParseLimitError) throw error;
    const fallback = parseJsonObject(answer, options);
    if (fallback === undefined) throw error;
    return fallback;
  }
}

function parseJsonObject(answer: string, options: FormatParserOptions): FinalParse | undefined {
  let parsed: FinalParse;
  try {
    parsed = parseJsonText(answer, options);
  } catch (error) {
    if (error instanceof OutputParseError) return undefined;
    throw error;
  }
  const { value } = parsed;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return { value, repaired: parsed.repaired, format: 'json' };
}
