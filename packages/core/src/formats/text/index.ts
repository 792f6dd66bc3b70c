import type { FormatDefinition } from '../format-parser';

// Placeholder until the text format lands; the registry needs every format to exist.
const missing = (): never => {
  throw new Error('the text format is not built yet');
};

export const textFormat: FormatDefinition = {
  name: 'text',
  instructions: missing,
  parse: missing,
  createStreamParser: missing,
};
