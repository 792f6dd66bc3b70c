import type { OutputDefinition } from '../schema/define-output';
import type { FinalParse, FormatParsing } from './format-parser';

/** Options of {@link parseAnswer}. */
export type ParseAnswerOptions = {
  /** The definition of the format the answer was asked for (resolved once: `resolveFormat`). */
  definition: FormatParsing;
  /** The schema, used to pick the best JSON block and to coerce text-format fields. */
  output?: OutputDefinition | undefined;
  /** Deepest nesting accepted before a `DepthLimitError` (default: unlimited). */
  maxDepth?: number | undefined;
};

/**
 * The authoritative parse of an answer (its leading reasoning already split off).
 *
 * Dispatches to the format's final parser. The text formats fall back to JSON when they find
 * nothing (their `parseWithJsonFallback`, `formats/common/json-fallback.ts`): the lenient JSON
 * final parser runs on the whole answer and its result is accepted only if it is an object; the
 * parse then reports `format: 'json'`. Otherwise the text format's own error is thrown.
 *
 * The `text` format's parser returns the answer verbatim, so `getData()` equals `getText()`.
 */
export function parseAnswer(answer: string, options: ParseAnswerOptions): FinalParse {
  const parserOptions = { output: options.output, maxDepth: options.maxDepth };
  const { definition } = options;
  if (definition.parseWithJsonFallback === undefined) return definition.parse(answer, parserOptions);
  return definition.parseWithJsonFallback(definition.parse, answer, parserOptions);
}
