import { readOwn } from '../../patch/apply-patch';
import { appendSegment } from '../../patch/path';
import type { NodeConstraints, OutputNode } from '../../schema/schema-types';
import type { FieldRejection } from './field-validator';

/**
 * The schema's own rules for one finished value, read from its compiled node: a tuple-DSL type or
 * enum, and a JSON Schema's type, enum and bounds (`minimum`…, `minLength`/`maxLength` in code
 * points, `pattern`). Only leaves (scalars and enums) are judged: a container's rules stay with the
 * whole data. Null passes unless the node says it is not nullable (`not_null` is the ensure
 * stage's job). `format` is not judged (no check of ours would agree with every validator's).
 * Returns why the value breaks its node, or `undefined`.
 */
export function leafRuleFailure(node: OutputNode, value: unknown): string | undefined {
  if (node.kind === 'object' || node.kind === 'array') return undefined;
  const { constraints } = node;
  if (value === null) return constraints?.nullable === false ? 'must not be null' : undefined;
  if (node.kind === 'enum') {
    return node.values.includes(value as never)
      ? undefined
      : `must be one of ${node.values.map((option) => JSON.stringify(option)).join(', ')}, got ${preview(value)}`;
  }
  const typeFailure = wrongType(node.type, value);
  if (typeFailure !== undefined) return typeFailure;
  return constraints === undefined ? undefined : boundsFailure(constraints, value);
}

/**
 * The same rules over a whole final value, in document order: the end of the pipeline judges what
 * the stream judged field by field, so an answer the stream rejected can never pass at the end.
 * Iterative (list lengths and depth are data). Returns the first failure.
 */
export function firstRuleFailure(data: unknown, root: OutputNode): { path: string; reason: string } | undefined {
  const stack: { node: OutputNode; value: unknown; path: string }[] = [{ node: root, value: data, path: '' }];
  while (stack.length > 0) {
    const { node, value, path } = stack.pop() as (typeof stack)[number];
    if (value === undefined) continue;
    if (node.kind === 'object') {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      const children = [...node.fields].reverse();
      for (const [key, child] of children)
        stack.push({ node: child, value: readOwn(value, key), path: appendSegment(path, key) });
    } else if (node.kind === 'array') {
      if (!Array.isArray(value)) continue;
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ node: node.item, value: value[i], path: appendSegment(path, i) });
    } else {
      const reason = leafRuleFailure(node, value);
      if (reason !== undefined) return { path, reason };
    }
  }
  return undefined;
}

/** A rejection by one of the response's own rules: `ensure` (`not_null`) or `schema`. */
export function ruleRejection(path: string, validatorName: 'ensure' | 'schema', reason: string): FieldRejection {
  return { path, validatorName, reason, payload: undefined, noRetry: false, raise: undefined };
}

function wrongType(type: string, value: unknown): string | undefined {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type ? undefined : `must be a ${type}, got ${preview(value)}`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : `must be a number, got ${preview(value)}`;
    case 'integer':
      return Number.isInteger(value) ? undefined : `must be an integer, got ${preview(value)}`;
    case 'null':
      return `must be null, got ${preview(value)}`;
    default:
      return undefined;
  }
}

function boundsFailure(rules: NodeConstraints, value: unknown): string | undefined {
  if (typeof value === 'number') {
    if (rules.minimum !== undefined && value < rules.minimum) return `must be at least ${rules.minimum}, got ${value}`;
    if (rules.maximum !== undefined && value > rules.maximum) return `must be at most ${rules.maximum}, got ${value}`;
    if (rules.exclusiveMinimum !== undefined && value <= rules.exclusiveMinimum)
      return `must be more than ${rules.exclusiveMinimum}, got ${value}`;
    if (rules.exclusiveMaximum !== undefined && value >= rules.exclusiveMaximum)
      return `must be less than ${rules.exclusiveMaximum}, got ${value}`;
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (rules.minLength !== undefined || rules.maxLength !== undefined) {
    // JSON Schema counts code points, not UTF-16 units.
    const length = [...value].length;
    if (rules.minLength !== undefined && length < rules.minLength)
      return `must have at least ${rules.minLength} characters, got ${length}`;
    if (rules.maxLength !== undefined && length > rules.maxLength)
      return `must have at most ${rules.maxLength} characters, got ${length}`;
  }
  if (rules.pattern !== undefined) {
    const pattern = compile(rules.pattern);
    if (pattern !== undefined && !pattern.test(value)) return `must match ${rules.pattern}`;
  }
  return undefined;
}

const patterns = new Map<string, RegExp | undefined>();

/** A schema's pattern as a RegExp (cached); one JavaScript cannot read is not judged. */
function compile(source: string): RegExp | undefined {
  if (!patterns.has(source)) {
    let compiled: RegExp | undefined;
    try {
      compiled = new RegExp(source, 'u');
    } catch {
      compiled = undefined;
    }
    if (patterns.size > 256) patterns.clear();
    patterns.set(source, compiled);
  }
  return patterns.get(source);
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
