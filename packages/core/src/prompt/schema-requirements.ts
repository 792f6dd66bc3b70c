import { appendSegment } from '../patch/path';
import type { OutputDefinition } from '../schema/define-output';
import type { EnsureLevel, NodeConstraints, OutputNode } from '../schema/schema-types';
import { line, MAY_BE_NULL, NEVER_NULL, NOT_NULL, oneOf } from './requirement-lines';

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
 * The `[FIELD REQUIREMENTS]` lines of a JSON Schema output (zod, valibot, arktype included), every
 * key in document order: `required key` or `may be omitted` (with its default), `value must not be
 * null` or `value may be null` (`not_null`, from `required` or the `ensure` option, adds blank and
 * empty), then enum values, numeric ranges, lengths, item counts, `format` and `pattern`. A list's
 * items get a line when they have such a rule. The rules say what the schema accepts and nothing
 * else. Loaded on demand (decision 0013): a tuple-DSL response never bundles it.
 */
export function renderSchemaRequirements(output: OutputDefinition): string {
  const lines: string[] = [];
  // Recursion depth equals the schema's nesting, which the schema's author wrote.
  const walk = (node: OutputNode, path: string, role: Role): void => {
    const rules = schemaRules(node, role, output.ensureKeys[path]);
    if (rules.length > 0) lines.push(line(path === '' ? '(root)' : path, node, rules));
    if (node.kind === 'array') walk(node.item, `${path}[*]`, 'item');
    else if (node.kind === 'object')
      for (const [name, child] of node.fields) walk(child, appendSegment(path, name), 'key');
  };
  walk(output.root, '', 'root');
  return lines.join('\n');
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
