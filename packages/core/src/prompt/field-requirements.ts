import type { OutputDefinition } from '../schema/define-output';
import { renderEnsuredRequirements } from './requirement-lines';
import { renderSchemaRequirements } from './schema-requirements';

/**
 * The `[FIELD REQUIREMENTS]` block (every format shares it), one line per field in document order:
 * `- path: description; rule; rule`. A tuple-DSL output lists its ensured paths
 * (`renderEnsuredRequirements`); a JSON Schema output lists every key with the schema's own rules
 * (`renderSchemaRequirements`). `''` when there is nothing to say. A response renders the same
 * lines, loading the second kind on demand (`response/response-prompt.ts`).
 */
export function renderFieldRequirements(output: OutputDefinition | undefined): string {
  if (output === undefined) return '';
  return output.root.constraints === undefined ? renderEnsuredRequirements(output) : renderSchemaRequirements(output);
}
