import { parsePath, WILDCARD } from '../patch/path';
import type { OutputDefinition } from '../schema/define-output';
import { schemaNodeAt } from '../schema/schema-node-at';
import type { EnsureLevel, OutputNode } from '../schema/schema-types';

export const NOT_NULL = 'value must not be null, blank, or empty';
export const NEVER_NULL = 'value must not be null';
export const MAY_BE_NULL = 'value may be null';
const PRESENCE = 'the value may be null or empty';

/**
 * The `[FIELD REQUIREMENTS]` lines of a tuple-DSL output: its ensured paths, `required key` (`at
 * least one item` for a list's `[*]` when `not_null`), then `value must not be null, blank, or
 * empty` (`not_null`) or `the value may be null or empty` (`presence`). A JSON Schema output's
 * lines (every key, with the schema's own rules) are `schema-requirements.ts`, loaded on demand.
 */
export function renderEnsuredRequirements(output: OutputDefinition | undefined): string {
  if (output === undefined) return '';
  return Object.entries(output.ensureKeys)
    .map(([path, level]) => fieldRequirementLine(output, path, level))
    .join('\n');
}

/** One requirement line for an ensured path of a tuple-DSL output. */
export function fieldRequirementLine(output: OutputDefinition, path: string, level: EnsureLevel): string {
  const segments = parsePath(path);
  const node = schemaNodeAt(output.root, segments);
  const item = segments[segments.length - 1] === WILDCARD;
  // `presence` on a list's items only needs the list to be there: an empty list passes.
  const rules =
    level === 'not_null'
      ? [item ? 'at least one item' : 'required key', NOT_NULL]
      : item
        ? ['the list must be there but may be empty', 'an item may be null or empty']
        : ['required key', PRESENCE];
  if (node?.kind === 'enum') rules.push(oneOf(node.values));
  return line(path, node, rules);
}

/** `one of: "low", "high"` (null is the null rule's to say), or `must be "x"` for a single value. */
export function oneOf(values: readonly unknown[]): string {
  const listed = values.filter((value) => value !== null).map((value) => JSON.stringify(value));
  return listed.length === 1 ? `must be ${listed[0]}` : `one of: ${listed.join(', ')}`;
}

/** `- path: description; rules`; a field's (not an object's or a list's) description leads. */
export function line(path: string, node: OutputNode | undefined, rules: readonly string[]): string {
  const description =
    node !== undefined && (node.kind === 'scalar' || node.kind === 'enum')
      ? node.description.replace(/\s+/g, ' ').trim()
      : '';
  return `- ${path}: ${[description, ...rules].filter((part) => part !== '').join('; ')}`;
}
