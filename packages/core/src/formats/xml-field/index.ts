import type { FormatDefinition } from '../format-parser';

// Placeholder until the xml_field format lands; the registry needs every format to exist.
const missing = (): never => {
  throw new Error('the xml_field format is not built yet');
};

export const xmlFieldFormat: FormatDefinition = {
  name: 'xml_field',
  instructions: missing,
  parse: missing,
  createStreamParser: missing,
};
