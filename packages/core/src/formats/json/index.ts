import type { FormatDefinition } from '../format-parser';
import { jsonInstructions } from './json-instructions';
import { parseJsonAnswer, prepareJson } from './json-repair';
import { JsonStreamParser } from './json-stream-parser';

/**
 * The default format: one JSON value (FORMATS.md, json). Its lenient final parser (repairs, block
 * search) loads on demand: `prepare` (which responses await) loads it for an answer that is not
 * strict JSON; `parseOutput` has it at once.
 */
export const jsonFormat: FormatDefinition = {
  name: 'json',
  instructions: jsonInstructions,
  parse: parseJsonAnswer,
  createStreamParser: (options) => new JsonStreamParser(options),
  prepare: prepareJson,
};
