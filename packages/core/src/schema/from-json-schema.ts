import { SchemaError } from '../errors/errors';
import { appendSegment } from '../patch/path';
import type { JsonSchema } from './json-schema';
import type { EnsureLevel, Literal, OutputNode, TypeName } from './schema-types';

/** A JSON Schema compiled to the tree parsers walk, plus the ensure levels its `required` lists give. */
export type CompiledJsonSchema = { root: OutputNode; ensure: Record<string, EnsureLevel> };

/** Keywords whose meaning the streaming formats cannot express; each throws a `SchemaError` naming it. */
const UNSUPPORTED = ['not', 'if', 'then', 'else', 'patternProperties', 'prefixItems', 'dependentSchemas'] as const;
const SCALAR_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null']);

type Compiled = { node: OutputNode; nullable: boolean; minimum: number };
type Context = { document: JsonSchema; resolving: Set<string>; ensure: Record<string, EnsureLevel> };

/**
 * Compiles a JSON Schema (what zod, valibot and arktype export through `~standard.jsonSchema`) into
 * {@link OutputNode}s: objects, arrays, scalars, enums and `const`, nullable types (`type: [t, 'null']`
 * or `anyOf` with a `null` branch), descriptions, local `$ref`s and one-branch `allOf`. A `required`
 * key gets `presence`, or `not_null` when null is not allowed and its emptiness cannot be valid (a
 * number, boolean, object or enum, a string with `minLength ≥ 1`, a list with `minItems ≥ 1`).
 * Validation keywords (`pattern`, `minimum`, `format`…) are left to the schema's own validator.
 * Unions, records, tuples and recursion throw a {@link SchemaError} naming the construct.
 */
export function compileJsonSchema(document: JsonSchema): CompiledJsonSchema {
  const context: Context = { document, resolving: new Set(['#']), ensure: Object.create(null) };
  const { node } = compile(document, '', context);
  return { root: node, ensure: { ...context.ensure } };
}

// Recursion depth equals the schema's nesting (a `$ref` cycle throws), which the schema's author wrote.
function compile(schema: unknown, path: string, context: Context): Compiled {
  if (schema === true) return any('');
  if (!isObject(schema)) throw new SchemaError(path, `expected a JSON Schema object, got ${describe(schema)}`);
  for (const keyword of UNSUPPORTED) {
    if (keyword in schema) throw new SchemaError(path, `the JSON Schema keyword "${keyword}" is not supported`);
  }
  const description = typeof schema.description === 'string' ? schema.description : '';
  if (typeof schema.$ref === 'string') return compileRef(schema.$ref, schema, path, context);
  if (Array.isArray(schema.allOf)) {
    if (schema.allOf.length !== 1)
      throw new SchemaError(path, 'allOf with several schemas (an intersection) is not supported');
    return compile({ ...stripped(schema, 'allOf'), ...(schema.allOf[0] as JsonSchema) }, path, context);
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return compileUnion(union, schema, path, context);
  if ('const' in schema) return literals([schema.const], description, path);
  if (Array.isArray(schema.enum)) return literals(schema.enum, description, path);
  const { type, nullable } = typeOf(schema, path);
  const minimum = minimumOf(schema);
  if (type === 'object') return { node: compileObject(schema, path, context), nullable, minimum };
  if (type === 'array') {
    const item = compile(schema.items ?? true, `${path}[*]`, context);
    return { node: { kind: 'array', item: item.node }, nullable, minimum };
  }
  return { node: { kind: 'scalar', type, description, ensure: undefined }, nullable, minimum };
}

function compileObject(schema: JsonSchema, path: string, context: Context): OutputNode {
  const properties = schema.properties ?? {};
  if (!isObject(properties)) throw new SchemaError(path, '"properties" must be an object');
  if (Object.keys(properties).length === 0 && isObject(schema.additionalProperties))
    throw new SchemaError(path, 'an object with open keys (additionalProperties: a schema, a record) is not supported');
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields = new Map<string, OutputNode>();
  for (const [key, child] of Object.entries(properties)) {
    const childPath = appendSegment(path, key);
    const compiled = compile(child, childPath, context);
    let { node } = compiled;
    if (required.has(key)) {
      const level = ensureLevel(compiled);
      if (node.kind === 'scalar' || node.kind === 'enum') node = { ...node, ensure: level };
      else context.ensure[childPath] = level;
    }
    fields.set(key, node);
  }
  return { kind: 'object', fields };
}

function compileRef(ref: string, schema: JsonSchema, path: string, context: Context): Compiled {
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = match ? context.document[match[1] as string] : undefined;
  const target =
    ref === '#' ? context.document : match && isObject(defs) ? defs[decodeURIComponent(match[2] as string)] : undefined;
  if (target === undefined) throw new SchemaError(path, `$ref ${ref} does not point into this schema or its $defs`);
  if (context.resolving.has(ref))
    throw new SchemaError(
      path,
      `a recursive schema ($ref ${ref}) is not supported: streamed fields need a finite shape`,
    );
  context.resolving.add(ref);
  try {
    const merged = isObject(target) ? { ...target, ...stripped(schema, '$ref') } : target;
    return compile(merged, path, context);
  } finally {
    context.resolving.delete(ref);
  }
}

function compileUnion(branches: unknown[], schema: JsonSchema, path: string, context: Context): Compiled {
  const rest = branches.filter((branch) => !(isObject(branch) && branch.type === 'null' && !('enum' in branch)));
  const nullable = rest.length < branches.length;
  const parent = stripped(schema, schema.anyOf !== undefined ? 'anyOf' : 'oneOf');
  if (rest.length === 0) return { node: scalar('null', parent), nullable: true, minimum: 0 };
  if (rest.length === 1) {
    const compiled = compile({ ...(rest[0] as JsonSchema), ...parent }, path, context);
    return { ...compiled, nullable: compiled.nullable || nullable };
  }
  const values: unknown[] = [];
  for (const branch of rest) {
    if (isObject(branch) && 'const' in branch) values.push(branch.const);
    else if (isObject(branch) && Array.isArray(branch.enum)) values.push(...branch.enum);
    else
      throw new SchemaError(
        path,
        `a union (anyOf/oneOf) of ${rest.length} non-null schemas is not supported; only unions of literals (an enum) and of one schema with null are`,
      );
  }
  return literals([...new Set(nullable ? [...values, null] : values)], descriptionOf(parent), path);
}

function literals(values: unknown[], description: string, path: string): Compiled {
  if (values.length === 0) throw new SchemaError(path, 'an enum needs at least one value');
  if (!values.every(isLiteral))
    throw new SchemaError(path, 'enum and const values must be strings, numbers, booleans or null');
  const node: OutputNode = { kind: 'enum', values: values as Literal[], description, ensure: undefined };
  const nullable = values.includes(null);
  return { node, nullable, minimum: values.includes('') ? 0 : 1 };
}

function typeOf(schema: JsonSchema, path: string): { type: TypeName | 'object' | 'array'; nullable: boolean } {
  const declared = schema.type;
  const names = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
  const nullable = names.includes('null');
  const rest = names.filter((name) => name !== 'null');
  if (names.length === 0) {
    if ('properties' in schema) return { type: 'object', nullable: false };
    if ('items' in schema) return { type: 'array', nullable: false };
    return { type: 'any', nullable: true };
  }
  if (rest.length === 0) return { type: 'null', nullable: true };
  if (rest.length > 1)
    throw new SchemaError(path, `a union of types (type: ${JSON.stringify(declared)}) is not supported`);
  const type = rest[0];
  if (type === 'object' || type === 'array') return { type, nullable };
  if (typeof type === 'string' && SCALAR_TYPES.has(type)) return { type: type as TypeName, nullable };
  throw new SchemaError(path, `unknown JSON Schema type ${JSON.stringify(type)}`);
}

/** 1 when an empty value (blank string, empty list) cannot be valid, else 0. */
function minimumOf(schema: JsonSchema): number {
  if (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')))
    return typeof schema.minLength === 'number' && schema.minLength >= 1 ? 1 : 0;
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')))
    return typeof schema.minItems === 'number' && schema.minItems >= 1 ? 1 : 0;
  return 1;
}

function ensureLevel({ node, nullable, minimum }: Compiled): EnsureLevel {
  if (nullable || minimum === 0) return 'presence';
  return node.kind === 'scalar' && (node.type === 'any' || node.type === 'null') ? 'presence' : 'not_null';
}

function any(description: string): Compiled {
  return { node: { kind: 'scalar', type: 'any', description, ensure: undefined }, nullable: true, minimum: 0 };
}

function scalar(type: TypeName, schema: JsonSchema): OutputNode {
  return { kind: 'scalar', type, description: descriptionOf(schema), ensure: undefined };
}

function descriptionOf(schema: JsonSchema): string {
  return typeof schema.description === 'string' ? schema.description : '';
}

function stripped(schema: JsonSchema, keyword: string): JsonSchema {
  const { [keyword]: _removed, ...rest } = schema;
  return rest;
}

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isLiteral(value: unknown): value is Literal {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value;
}
