import { appendSegment, type PathSegment } from '../../patch/path';
import type { JsonSchema } from '../../schema/json-schema';

/** One place where a value breaks its schema. `path` is a data path (`''` for the root). */
export type SchemaViolation = { path: string; message: string };

/**
 * Checks a parsed JSON value against the JSON Schema subset `toJSONSchema` emits: `type` (one
 * or a list, `integer` included), `anyOf`, `enum`, `const`, `properties`, `required`,
 * `additionalProperties` (`false` or a schema), `items`, `minItems`, `maxItems`. Other keywords
 * are ignored. Iterative, in document order; stops after `limit` violations.
 */
export function checkJsonSchema(value: unknown, schema: JsonSchema, limit = 10): SchemaViolation[] {
  const violations: SchemaViolation[] = [];
  const stack: { value: unknown; schema: JsonSchema; path: string }[] = [{ value, schema, path: '' }];
  while (stack.length > 0 && violations.length < limit) {
    const frame = stack.pop() as { value: unknown; schema: JsonSchema; path: string };
    const problem = checkNode(frame.value, frame.schema);
    if (problem !== undefined) {
      violations.push({ path: frame.path, message: problem });
      continue;
    }
    const children = childFrames(frame.value, frame.schema, frame.path, violations);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as (typeof stack)[number]);
  }
  return violations.slice(0, limit);
}

/** The keywords about the value itself; `undefined` when it passes. */
function checkNode(value: unknown, schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.filter(isSchema);
    if (!branches.some((branch) => checkJsonSchema(value, branch, 1).length === 0)) {
      return `matches none of the anyOf branches, got ${preview(value)}`;
    }
  }
  const types = typeList(schema.type);
  if (types !== undefined && !types.some((type) => hasType(value, type))) {
    return `expected ${types.join(' or ')}, got ${typeName(value)}`;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameLiteral(option, value))) {
    return `expected one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}, got ${preview(value)}`;
  }
  if ('const' in schema && !sameLiteral(schema.const, value)) {
    return `expected ${JSON.stringify(schema.const)}, got ${preview(value)}`;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      return `expected at least ${schema.minItems} items, got ${value.length}`;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      return `expected at most ${schema.maxItems} items, got ${value.length}`;
  }
  return undefined;
}

function childFrames(
  value: unknown,
  schema: JsonSchema,
  path: string,
  violations: SchemaViolation[],
): { value: unknown; schema: JsonSchema; path: string }[] {
  const frames: { value: unknown; schema: JsonSchema; path: string }[] = [];
  if (Array.isArray(value)) {
    if (isSchema(schema.items)) {
      const items = schema.items;
      value.forEach((item, index) => {
        frames.push({ value: item, schema: items, path: at(path, index) });
      });
    }
    return frames;
  }
  if (!isPlainObject(value)) return frames;
  const properties = isSchema(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const key of schema.required) {
      if (typeof key === 'string' && !Object.hasOwn(value, key)) {
        violations.push({ path: at(path, key), message: 'required key is missing' });
      }
    }
  }
  for (const key of Object.keys(value)) {
    const child = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (isSchema(child)) frames.push({ value: value[key], schema: child, path: at(path, key) });
    else if (schema.additionalProperties === false) {
      violations.push({ path: at(path, key), message: 'key is not allowed by the schema' });
    } else if (isSchema(schema.additionalProperties)) {
      frames.push({ value: value[key], schema: schema.additionalProperties, path: at(path, key) });
    }
  }
  return frames;
}

function at(path: string, segment: PathSegment): string {
  return appendSegment(path, segment);
}

function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.every((entry) => typeof entry === 'string')) return type as string[];
  return undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return true;
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'a non-finite number';
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  return typeof value;
}

function sameLiteral(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Enum and const values in our schemas are literals; compare other JSON values by content.
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function isSchema(value: unknown): value is JsonSchema {
  return isPlainObject(value);
}

// Not patch/container's isRecord: this loads on demand in a chunk that shares no other module with
// the app's entry, and one shared module would become a chunk of its own (+77 B, decision 0013).
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
