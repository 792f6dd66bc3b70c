import type { FormatDefinition } from '../format-parser';

// Placeholder until the hybrid format lands; the registry needs every format to exist.
const missing = (): never => {
  throw new Error('the hybrid format is not built yet');
};

export const hybridFormat: FormatDefinition = {
  name: 'hybrid',
  instructions: missing,
  parse: missing,
  createStreamParser: missing,
};
