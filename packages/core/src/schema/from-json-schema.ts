import { SchemaError } from '../errors/errors';
import { appendSegment } from '../patch/path';
import { describe, isLiteral, leafNode, TYPE_NAMES } from './compile-schema';
import type { JsonSchema } from './json-schema';
import type { EnsureLevel, Literal, NodeConstraints, OutputNode, TypeName } from './schema-types';

/** A JSON Schema compiled to the tree parsers walk, plus the ensure levels its `required` lists give to objects and lists. */
export type CompiledJsonSchema = { root: OutputNode; ensure: Record<string, EnsureLevel> };

/** Keywords whose meaning the streaming formats cannot express; each throws a `SchemaError` naming it. */
const UNSUPPORTED = ['not', 'if', 'then', 'else', 'patternProperties', 'prefixItems', 'dependentSchemas'] as const;

/**
 * A compiled sub-schema, and whether null or an empty value (blank string, empty list) may be valid:
 * then a `required` key is only ensured present, otherwise `not_null`.
 */
type Compiled = [node: OutputNode, weak: boolean];

/**
 * Compiles a JSON Schema (what zod, valibot and arktype export through `~standard.jsonSchema`) into
 * {@link OutputNode}s: objects, arrays, scalars, enums and `const`, nullable types (`type: [t, 'null']`
 * or `anyOf` with a `null` branch), descriptions, local `$ref`s and one-branch `allOf`. A `required`
 * key gets `presence`, or `not_null` when null is not allowed and its emptiness cannot be valid (a
 * number, boolean, object or enum, a string with `minLength ≥ 1`, a list with `minItems ≥ 1`).
 * Validation keywords (`pattern`, `minimum`, `format`…) are left to the schema's own validator;
 * each node carries them, with whether null is valid and any `default`, as its `constraints` (for
 * the prompt to state).
 * Unions, records, tuples and recursion throw a {@link SchemaError} naming the construct.
 * A required field's level is set on its node and written to `fields`, by path in document order.
 */
export function compileJsonSchema(document: JsonSchema, fields: Record<string, EnsureLevel>): CompiledJsonSchema {
  // The `$ref`s being resolved (a cycle throws), and the levels of required objects and lists.
  const resolving = new Set(['#']);
  const containers: Record<string, EnsureLevel> = Object.create(null);

  // Recursion depth equals the schema's nesting (a `$ref` cycle throws), which the schema's author wrote.
  const compile = (schema: unknown, path: string): Compiled => {
    if (schema === true) return constrained([leafNode('any', ''), true], {}, true);
    if (!isObject(schema)) throw new SchemaError(path, `expected a JSON Schema object, got ${describe(schema, false)}`);
    for (const keyword of UNSUPPORTED) {
      if (keyword in schema) throw new SchemaError(path, `the JSON Schema keyword "${keyword}" is not supported`);
    }
    const description = typeof schema.description === 'string' ? schema.description : '';
    const { $ref, allOf } = schema;
    if (typeof $ref === 'string') {
      const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec($ref);
      const defs = match ? document[match[1] as string] : undefined;
      const target =
        $ref === '#' ? document : match && isObject(defs) ? defs[decodeURIComponent(match[2] as string)] : undefined;
      if (target === undefined)
        throw new SchemaError(path, `$ref ${$ref} does not point into this schema or its $defs`);
      if (resolving.has($ref))
        throw new SchemaError(
          path,
          `a recursive schema ($ref ${$ref}) is not supported: streamed fields need a finite shape`,
        );
      resolving.add($ref);
      try {
        return compile(isObject(target) ? { ...target, ...stripped(schema, '$ref') } : target, path);
      } finally {
        resolving.delete($ref);
      }
    }
    if (Array.isArray(allOf)) {
      if (allOf.length !== 1)
        throw new SchemaError(path, 'allOf with several schemas (an intersection) is not supported');
      return compile({ ...stripped(schema, 'allOf'), ...(allOf[0] as JsonSchema) }, path);
    }
    const union = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(union)) {
      const rest = union.filter((branch) => !(isObject(branch) && branch.type === 'null' && !('enum' in branch)));
      const nullable = rest.length < union.length;
      if (rest.length === 0) return constrained([leafNode('null', description), true], schema, true);
      if (rest.length === 1) {
        const parent = stripped(schema, schema.anyOf !== undefined ? 'anyOf' : 'oneOf');
        const [node, weak] = compile({ ...(rest[0] as JsonSchema), ...parent }, path);
        if (nullable) (node.constraints as NodeConstraints).nullable = true;
        return [node, weak || nullable];
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
      return literals([...new Set(nullable ? [...values, null] : values)], description, path, schema);
    }
    if ('const' in schema) return literals([schema.const], description, path, schema);
    if (Array.isArray(schema.enum)) return literals(schema.enum, description, path, schema);
    const declared = schema.type;
    const names: unknown[] = declared === undefined ? [] : [declared].flat();
    const rest = names.filter((name) => name !== 'null');
    let type = rest.length === 0 ? 'null' : rest[0];
    // No type: an object or a list by its keywords, else anything.
    if (names.length === 0) type = 'properties' in schema ? 'object' : 'items' in schema ? 'array' : 'any';
    else if (rest.length > 1)
      throw new SchemaError(path, `a union of types (type: ${JSON.stringify(declared)}) is not supported`);
    else if (type === 'any' || !['object', 'array', ...TYPE_NAMES].includes(type))
      throw new SchemaError(path, `unknown JSON Schema type ${JSON.stringify(type)}`);
    // An empty value is valid unless a string's minLength or a list's minItems is at least 1.
    const least = names.includes('string') ? schema.minLength : names.includes('array') ? schema.minItems : 1;
    const nullable = type === 'any' || names.includes('null');
    const weak = nullable || !(typeof least === 'number' && least >= 1);
    if (type === 'array')
      return constrained(
        [{ kind: 'array', item: compile(schema.items ?? true, `${path}[*]`)[0] }, weak],
        schema,
        nullable,
      );
    if (type !== 'object') return constrained([leafNode(type as TypeName, description), weak], schema, nullable);
    const properties = schema.properties ?? {};
    if (!isObject(properties)) throw new SchemaError(path, '"properties" must be an object');
    if (Object.keys(properties).length === 0 && isObject(schema.additionalProperties))
      throw new SchemaError(
        path,
        'an object with open keys (additionalProperties: a schema, a record) is not supported',
      );
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const children = new Map<string, OutputNode>();
    for (const [key, child] of Object.entries(properties)) {
      const childPath = appendSegment(path, key);
      const [node, weak] = compile(child, childPath);
      if (required.has(key)) {
        const level = weak ? 'presence' : 'not_null';
        // A fresh node: a field carries its level; an object's or a list's is kept by path only.
        if (node.kind === 'scalar' || node.kind === 'enum') fields[childPath] = node.ensure = level;
        else containers[childPath] = level;
      }
      children.set(key, node);
    }
    return constrained([{ kind: 'object', fields: children }, weak], schema, nullable);
  };

  return { root: compile(document, '')[0], ensure: { ...containers } };
}

/** An enum; null or a blank string among its values may be a valid answer. */
function literals(values: unknown[], description: string, path: string, schema: JsonSchema): Compiled {
  if (values.length === 0) throw new SchemaError(path, 'an enum needs at least one value');
  if (!values.every(isLiteral))
    throw new SchemaError(path, 'enum and const values must be strings, numbers, booleans or null');
  const nullable = values.includes(null);
  return constrained([leafNode(values as Literal[], description), nullable || values.includes('')], schema, nullable);
}

/** The keywords a node's constraints copy: numbers, then strings. */
const NUMBER_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;
const STRING_KEYWORDS = ['pattern', 'format'] as const;

/**
 * Sets a fresh node's `constraints` from its schema: non-enumerable, so the node still equals,
 * clones and serialises as the bare tree parsers walk.
 */
function constrained(compiled: Compiled, schema: JsonSchema, nullable: boolean): Compiled {
  const constraints: NodeConstraints = { nullable };
  for (const keyword of NUMBER_KEYWORDS)
    if (typeof schema[keyword] === 'number') constraints[keyword] = schema[keyword];
  for (const keyword of STRING_KEYWORDS)
    if (typeof schema[keyword] === 'string') constraints[keyword] = schema[keyword];
  if ('default' in schema) constraints.default = schema.default;
  Object.defineProperty(compiled[0], 'constraints', { value: constraints, configurable: true });
  return compiled;
}

function stripped(schema: JsonSchema, keyword: string): JsonSchema {
  const { [keyword]: _removed, ...rest } = schema;
  return rest;
}

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
