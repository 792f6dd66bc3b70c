import type { FormatDefinition } from '../format-parser';
import { parseJsonText } from './json-final-parser';
import { jsonInstructions } from './json-instructions';
import { JsonStreamParser } from './json-stream-parser';

/** The default format: one JSON value (FORMATS.md, json). */
export const jsonFormat: FormatDefinition = {
  name: 'json',
  instructions: jsonInstructions,
  parse: parseJsonText,
  createStreamParser: (options) => new JsonStreamParser(options),
};
