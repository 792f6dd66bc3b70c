import type { FormatDefinition } from '../format-parser';

// Placeholder until the yaml_literal format lands; the registry needs every format to exist.
const missing = (): never => {
  throw new Error('the yaml_literal format is not built yet');
};

export const yamlLiteralFormat: FormatDefinition = {
  name: 'yaml_literal',
  instructions: missing,
  parse: missing,
  createStreamParser: missing,
};
