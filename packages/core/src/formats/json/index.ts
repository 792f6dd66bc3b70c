import type { FormatDefinition } from '../format-parser';
import { parseJsonText } from './json-final-parser';
import { JsonStreamParser } from './json-stream-parser';

// Placeholder until the json format lands; the registry needs every format to exist.
const missing = (): never => {
  throw new Error('the json format is not built yet');
};

export const jsonFormat: FormatDefinition = {
  name: 'json',
  instructions: missing,
  parse: parseJsonText,
  createStreamParser: (options) => new JsonStreamParser(options),
};
