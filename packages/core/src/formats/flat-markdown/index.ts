import type { FormatDefinition } from '../format-parser';

// Placeholder until the flat_markdown format lands; the registry needs every format to exist.
const missing = (): never => {
  throw new Error('the flat_markdown format is not built yet');
};

export const flatMarkdownFormat: FormatDefinition = {
  name: 'flat_markdown',
  instructions: missing,
  parse: missing,
  createStreamParser: missing,
};
