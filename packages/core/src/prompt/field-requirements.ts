import { parsePath, WILDCARD } from '../patch/path';
import type { OutputDefinition } from '../schema/define-output';
import { schemaNodeAt } from '../schema/schema-node-at';
import type { EnsureLevel } from '../schema/schema-types';

const NOT_NULL = 'value must not be null, blank, or empty';
const PRESENCE = 'the value may be null or empty';

/**
 * The field requirements of a schema, one line per ensured path in document order (the
 * `[FIELD REQUIREMENTS]` block; every format shares it):
 * `- items[*].name: description; required key; value must not be null, blank, or empty`.
 * A path ending in `[*]` is a list's items (`at least one item`); `presence` paths say the value may
 * be null or empty. `''` when nothing is ensured.
 */
export function renderFieldRequirements(output: OutputDefinition | undefined): string {
  if (output === undefined) return '';
  const lines: string[] = [];
  for (const [path, level] of Object.entries(output.ensureKeys)) {
    lines.push(fieldRequirementLine(output, path, level));
  }
  return lines.join('\n');
}

/** One requirement line for an ensured wildcard path. */
export function fieldRequirementLine(output: OutputDefinition, path: string, level: EnsureLevel): string {
  const segments = parsePath(path);
  const node = schemaNodeAt(output.root, segments);
  const description =
    node !== undefined && (node.kind === 'scalar' || node.kind === 'enum')
      ? node.description.replace(/\s+/g, ' ').trim()
      : '';
  const required = segments[segments.length - 1] === WILDCARD ? 'at least one item' : 'required key';
  const parts = [required, level === 'not_null' ? NOT_NULL : PRESENCE];
  if (description !== '') parts.unshift(description);
  return `- ${path}: ${parts.join('; ')}`;
}
