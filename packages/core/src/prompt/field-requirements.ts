import { appendSegment, parsePath, WILDCARD } from '../patch/path';
import type { OutputDefinition } from '../schema/define-output';
import { schemaNodeAt } from '../schema/schema-node-at';
import type { EnsureLevel, NodeConstraints, OutputNode } from '../schema/schema-types';

const NOT_NULL = 'value must not be null, blank, or empty';
const NEVER_NULL = 'value must not be null';
const MAY_BE_NULL = 'value may be null';
const PRESENCE = 'the value may be null or empty';

/** Known JSON Schema `format`s in words (their long regex `pattern` then goes unsaid); others are named. */
const FORMATS: Readonly<Record<string, string>> = {
  email: 'an email address',
  uri: 'a URI',
  uuid: 'a UUID',
  'date-time': 'an ISO 8601 date-time',
  date: 'a YYYY-MM-DD date',
  time: 'an HH:MM:SS time',
};

/**
 * The `[FIELD REQUIREMENTS]` block (every format shares it), one line per field in document order:
 * `- path: description; rule; rule`. The rules say what the schema accepts and nothing else.
 *
 * - A tuple-DSL output lists its ensured paths: `required key` (`at least one item` for a list's
 *   `[*]` when `not_null`), then `value must not be null, blank, or empty` (`not_null`) or `the value
 *   may be null or empty` (`presence`).
 * - A JSON Schema output (zod, valibot, arktype included) lists every key: `required key` or `may
 *   be omitted` (with its default), `value must not be null` or `value may be null` (`not_null`,
 *   from `required` or the `ensure` option, adds blank and empty), then enum values, numeric
 *   ranges, lengths, item counts, `format` and `pattern`. A list's items get a line when they
 *   have such a rule.
 *
 * `''` when there is nothing to say.
 */
export function renderFieldRequirements(output: OutputDefinition | undefined): string {
  if (output === undefined) return '';
  const lines: string[] = [];
  if (output.root.constraints === undefined) {
    for (const [path, level] of Object.entries(output.ensureKeys))
      lines.push(fieldRequirementLine(output, path, level));
  } else {
    // Recursion depth equals the schema's nesting, which the schema's author wrote.
    const walk = (node: OutputNode, path: string, role: Role): void => {
      const rules = schemaRules(node, role, output.ensureKeys[path]);
      if (rules.length > 0) lines.push(line(path === '' ? '(root)' : path, node, rules));
      if (node.kind === 'array') walk(node.item, `${path}[*]`, 'item');
      else if (node.kind === 'object')
        for (const [name, child] of node.fields) walk(child, appendSegment(path, name), 'key');
    };
    walk(output.root, '', 'root');
  }
  return lines.join('\n');
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

/**
 * Whether a field may be answered with null: the schema's own word when it has one (unless the
 * `ensure` option asks for `not_null`), else the tuple DSL's rule (only `not_null` forbids it).
 */
export function acceptsNull(node: OutputNode, level: EnsureLevel | undefined): boolean {
  return level !== 'not_null' && (node.constraints?.nullable ?? true);
}

type Role = 'root' | 'key' | 'item';

/** The rules of one node of a JSON Schema output: presence, null, then the value's own rules. */
function schemaRules(node: OutputNode, role: Role, level: EnsureLevel | undefined): string[] {
  const constraints = node.constraints ?? { nullable: true };
  const rules: string[] = [];
  if (role === 'key') {
    const fallback = 'default' in constraints ? ` (the default is ${JSON.stringify(constraints.default)})` : '';
    rules.push(level === undefined ? `may be omitted${fallback}` : 'required key');
  } else if (role === 'item' && level === 'not_null') rules.push('at least one item');
  const rule = role === 'root' ? undefined : nullRule(node, constraints.nullable, level, role === 'key');
  if (rule !== undefined) rules.push(rule);
  if (node.kind === 'enum') rules.push(oneOf(node.values));
  rules.push(...rangeRules(constraints, level === 'not_null'));
  return rules;
}

/** What a key (or a list's item) says about null; an item says nothing unless null is allowed. */
function nullRule(node: OutputNode, nullable: boolean, level: EnsureLevel | undefined, key: boolean) {
  if (level === 'not_null') {
    if (node.kind === 'array') return 'value must not be null or an empty list';
    return node.kind === 'scalar' && node.type === 'string' ? NOT_NULL : NEVER_NULL;
  }
  if (node.kind === 'scalar' && node.type === 'null') return 'value must be null';
  if (node.kind === 'scalar' && node.type === 'any') return key ? MAY_BE_NULL : undefined;
  if (nullable) return key ? MAY_BE_NULL : 'an item may be null';
  return key ? NEVER_NULL : undefined;
}

/** Ranges, lengths, item counts, format and pattern, as far as the schema gives them. */
function rangeRules(c: NodeConstraints, nonEmpty: boolean): string[] {
  const rules: string[] = [];
  // zod's `.int()` bounds every integer by ±MAX_SAFE_INTEGER: a limit of the number type, not a rule.
  const [min, max, above, below] = [c.minimum, c.maximum, c.exclusiveMinimum, c.exclusiveMaximum].map((bound) =>
    bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER ? bound : undefined,
  );
  const low = above !== undefined ? `greater than ${above}` : min !== undefined ? `at least ${min}` : '';
  const high = below !== undefined ? `less than ${below}` : max !== undefined ? `at most ${max}` : '';
  if (above === undefined && below === undefined && min !== undefined && max !== undefined)
    rules.push(`from ${min} to ${max}`);
  else if (low !== '' || high !== '') rules.push([low, high].filter((part) => part !== '').join(' and '));
  if (c.multipleOf !== undefined) rules.push(`a multiple of ${c.multipleOf}`);
  rules.push(
    ...count(c.minLength, c.maxLength, 'character', nonEmpty),
    ...count(c.minItems, c.maxItems, 'item', nonEmpty),
  );
  const format = c.format === undefined ? undefined : FORMATS[c.format];
  if (format !== undefined) rules.push(`must be ${format}`);
  else if (c.format !== undefined) rules.push(`format "${c.format}"`);
  if (c.pattern !== undefined && format === undefined) rules.push(`must match the regular expression ${c.pattern}`);
  return rules;
}

/** `2 to 20 characters`, `exactly 3 items`, `at least 2 characters`, `at most 1 item`. */
function count(min: number | undefined, max: number | undefined, unit: string, nonEmpty: boolean): string[] {
  const units = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (min !== undefined && max !== undefined)
    return [min === max ? `exactly ${units(min)}` : `${min} to ${units(max)}`];
  if (max !== undefined) return [`at most ${units(max)}`];
  // `at least 1` adds nothing to `must not be … empty`.
  if (min !== undefined && !(nonEmpty && min <= 1)) return [`at least ${units(min)}`];
  return [];
}

/** `one of: "low", "high"` (null is the null rule's to say), or `must be "x"` for a single value. */
function oneOf(values: readonly unknown[]): string {
  const listed = values.filter((value) => value !== null).map((value) => JSON.stringify(value));
  return listed.length === 1 ? `must be ${listed[0]}` : `one of: ${listed.join(', ')}`;
}

/** `- path: description; rules`; a field's (not an object's or a list's) description leads. */
function line(path: string, node: OutputNode | undefined, rules: readonly string[]): string {
  const description =
    node !== undefined && (node.kind === 'scalar' || node.kind === 'enum')
      ? node.description.replace(/\s+/g, ' ').trim()
      : '';
  return `- ${path}: ${[description, ...rules].filter((part) => part !== '').join('; ')}`;
}
