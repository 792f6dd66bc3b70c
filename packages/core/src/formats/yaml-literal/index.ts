import { parseWithJsonFallback } from '../common/json-fallback';
import type { FormatDefinition } from '../format-parser';
import { extractYamlPayload, parseYamlLiteral } from './yaml-final-parser';
import { yamlLiteralInstructions } from './yaml-instructions';
import { loadedYamlPackage, loadYamlPackage } from './yaml-package';
import { YamlLiteralStreamParser } from './yaml-stream-parser';
import { parseYamlSubset } from './yaml-subset-parser';

/** One YAML mapping between `<<<BEGIN AGENTLY_YAML>>>` and `<<<END AGENTLY_YAML>>>` (docs/formats.md §5). */
export const yamlLiteralFormat: FormatDefinition & { prepare(answer?: string): Promise<void> } = {
  name: 'yaml_literal',
  instructions: yamlLiteralInstructions,
  parse: parseYamlLiteral,
  parseWithJsonFallback,
  createStreamParser: (options) => new YamlLiteralStreamParser(options),
  async prepare(answer) {
    if (loadedYamlPackage() !== undefined || (answer !== undefined && readsWithoutPackage(answer))) return;
    await loadYamlPackage();
  },
};

/** Whether the answer's payload is absent or within the subset read without the `yaml` package. */
function readsWithoutPackage(answer: string): boolean {
  const payload = extractYamlPayload(answer);
  return payload === undefined || parseYamlSubset(payload.lines, payload.terminated) !== undefined;
}

export { parseYamlLiteral } from './yaml-final-parser';
export { yamlLiteralInstructions } from './yaml-instructions';
export { YAML_BEGIN_MARKER, YAML_END_MARKER } from './yaml-markers';
export { yamlSkeleton } from './yaml-skeleton';
export { YamlLiteralStreamParser } from './yaml-stream-parser';
