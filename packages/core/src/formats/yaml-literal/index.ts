import type { FormatDefinition } from '../format-parser';
import { parseYamlLiteral } from './yaml-final-parser';
import { yamlLiteralInstructions } from './yaml-instructions';
import { YamlLiteralStreamParser } from './yaml-stream-parser';

/** One YAML mapping between `<<<BEGIN AGENTLY_YAML>>>` and `<<<END AGENTLY_YAML>>>` (FORMATS.md, yaml_literal). */
export const yamlLiteralFormat: FormatDefinition = {
  name: 'yaml_literal',
  instructions: yamlLiteralInstructions,
  parse: parseYamlLiteral,
  createStreamParser: (options) => new YamlLiteralStreamParser(options),
};

export { parseYamlLiteral } from './yaml-final-parser';
export { yamlLiteralInstructions } from './yaml-instructions';
export { YAML_BEGIN_MARKER, YAML_END_MARKER } from './yaml-markers';
export { yamlSkeleton } from './yaml-skeleton';
export { YamlLiteralStreamParser } from './yaml-stream-parser';
