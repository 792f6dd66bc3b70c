import type { FormatParsing } from '../format-parser';
import { parseJsonAnswer, prepareJson } from './json-repair';
import { JsonStreamParser } from './json-stream-parser';

/**
 * The json format without its prompt instructions: the registry's built-in entry, so a parser-only
 * bundle carries no prompt text (a response renders json's instructions itself). Its lenient final
 * parser loads on demand: `prepare` (which responses await) loads it for an answer that is not
 * strict JSON; `parseOutput` has it at once.
 */
export const jsonParsing: FormatParsing = {
  name: 'json',
  parse: parseJsonAnswer,
  createStreamParser: (options) => new JsonStreamParser(options),
  prepare: prepareJson,
};
