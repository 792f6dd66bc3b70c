import { checkObject, invalid } from '../errors/check-argument';
import { SchemaError } from '../errors/errors';
import { writeOwn } from '../patch/apply-patch';
import { parsePath } from '../patch/path';
import { compileSchema } from './compile-schema';
import { compileJsonSchema } from './from-json-schema';
import type { InferData } from './infer-data';
import { type JsonSchema, type JsonSchemaOptions, toJSONSchema } from './json-schema';
import { schemaNodeAt } from './schema-node-at';
import type { EnsureLevel, OutputNode, SchemaShape } from './schema-types';
import { isJsonSchemaDocument, type JsonSchemaDocument, readStandardSchema } from './standard-input';
import type { StandardJSONSchemaV1, StandardSchemaV1, StandardTypedV1 } from './standard-schema';
import { rememberStandardSource } from './standard-source';

export type DefineOutputOptions = {
  /** Extra ensured paths (`'items[*].name'`), merged with the tuple markers; `not_null` wins. */
  ensure?: readonly string[] | Readonly<Record<string, EnsureLevel>>;
};

/**
 * A compiled output schema. `Data` is the TypeScript type of the data it describes: the final data
 * (`getData`, `useFinalData`). `Input` is what the model writes and the store streams, partial
 * (`Streamed<Input>`: `useInstantField`, `useInstantList`): a Standard Schema's input side, before
 * its transforms, defaults and pipes run. For the tuple DSL and JSON Schema it is `Data`.
 */
export type OutputDefinition<Data = unknown, Input = Data> = {
  /** The schema literal as written, or the JSON Schema a Standard / JSON Schema input compiled from. */
  readonly shape: SchemaShape | JsonSchema;
  /** The compiled tree that parsers and validators walk. */
  readonly root: OutputNode;
  /** `{ wildcardPath: 'presence' | 'not_null' }`, in document order. */
  readonly ensureKeys: Readonly<Record<string, EnsureLevel>>;
  /** JSON Schema 2020-12; `{ strict: true }` for providers' strict structured output. */
  toJSONSchema(options?: JsonSchemaOptions): JsonSchema;
  /** A Standard Schema's own validator: runs last, and its value becomes the data. */
  readonly standard?: StandardSchemaV1<unknown, Data>['~standard'];
  /** Type-only: the data type. Always `undefined` at run time. */
  readonly $data?: Data;
  /** Type-only: the input type, what streams. Always `undefined` at run time. */
  readonly $input?: Input;
};

/** What `output` accepts: a definition, a Standard JSON Schema (zod 4, arktype, valibot) or a JSON Schema. */
export type OutputSchema<Data = unknown, Input = unknown> =
  // `Input` (what streams) is inferred where the schema says it; `unknown` means "the same as `Data`".
  OutputDefinition<Data, Input> | StandardJSONSchemaV1<Input, Data> | JsonSchemaDocument;

/**
 * Defines an output schema from Agently-style tuples `[type, description?, ensure?]`, nested
 * objects and `[item]` lists. Key order is kept. The data type is inferred from the literal.
 * Throws a {@link SchemaError} naming the path of the first malformed node.
 */
export function defineOutput<const Shape extends SchemaShape>(
  shape: Shape,
  options?: DefineOutputOptions,
): OutputDefinition<InferData<Shape>>;
/**
 * Defines an output schema from a Standard JSON Schema (zod 4, arktype, valibot through
 * `toStandardJsonSchema`): its JSON Schema gives the fields, `required` the ensure levels, and its
 * own `~standard.validate` runs as the last validation stage. The data type is the schema's output;
 * the input type (what streams) is its input.
 */
export function defineOutput<Schema extends StandardJSONSchemaV1>(
  schema: Schema,
  options?: DefineOutputOptions,
): OutputDefinition<StandardTypedV1.InferOutput<Schema>, StandardTypedV1.InferInput<Schema>>;
/** Defines an output schema from a JSON Schema document (`type` or `$schema` at its root). */
export function defineOutput<Data = unknown>(
  schema: JsonSchemaDocument,
  options?: DefineOutputOptions,
): OutputDefinition<Data>;
export function defineOutput(
  input: SchemaShape | StandardJSONSchemaV1 | JsonSchemaDocument,
  options: DefineOutputOptions = {},
): OutputDefinition {
  checkObject('defineOutput options', options);
  return compileOutput(input, (root) => {
    const extra = normaliseExtraEnsure(options.ensure);
    for (const path of Object.keys(extra)) {
      if (schemaNodeAt(root, parsePath(path)) === undefined)
        throw new SchemaError(path, 'ensure path is not in the schema');
    }
    return extra;
  });
}

/**
 * An `output` option as a definition (a schema given directly is compiled as by `defineOutput`,
 * which has no `ensure` option here: that code stays out of a bundle that only creates responses).
 */
export function resolveOutput<Data>(
  output: OutputSchema<Data> | undefined,
): OutputDefinition<Data, unknown> | undefined {
  if (output === undefined || isOutputDefinition(output)) return output;
  return compileOutput(output) as OutputDefinition<Data>;
}

/** Compiles any schema input; `extraLevels` checks the `ensure` option against the compiled root. */
function compileOutput(
  input: unknown,
  extraLevels?: (root: OutputNode) => Record<string, EnsureLevel>,
): OutputDefinition {
  const standard = readStandardSchema(input);
  const document = standard?.jsonSchema ?? (isJsonSchemaDocument(input) ? input : undefined);
  // Fields' levels in document order, then those of objects and lists (JSON Schema), then `ensure`.
  const fields: Record<string, EnsureLevel> = Object.create(null);
  const compiled = document === undefined ? undefined : compileJsonSchema(document, fields);
  const root = compiled?.root ?? compileSchema(input, fields);
  const definition: OutputDefinition = {
    shape: document ?? (input as SchemaShape),
    root,
    ensureKeys: mergeLevels(fields, compiled?.ensure ?? {}, extraLevels?.(root) ?? {}),
    toJSONSchema: (jsonSchemaOptions) => toJSONSchema(root, jsonSchemaOptions),
  };
  if (standard?.validate === undefined) return definition;
  const withValidator = { ...definition, standard: standard.props };
  // The early field checks look for the schema of one field inside it (decision 0022).
  rememberStandardSource(withValidator, input as object);
  return withValidator;
}

function isOutputDefinition<Data>(output: OutputSchema<Data>): output is OutputDefinition<Data, unknown> {
  return 'root' in output && 'ensureKeys' in output && typeof output.toJSONSchema === 'function';
}

function normaliseExtraEnsure(ensure: DefineOutputOptions['ensure']): Record<string, EnsureLevel> {
  if (ensure === undefined) return {};
  if (ensure === null || typeof ensure !== 'object') {
    throw invalid('defineOutput options.ensure', "a list of paths or { path: 'presence' | 'not_null' }", ensure);
  }
  const entries: [string, unknown][] = Array.isArray(ensure)
    ? ensure.map((path): [string, unknown] => [path, 'presence'])
    : Object.entries(ensure);
  const out: Record<string, EnsureLevel> = {};
  for (const [path, level] of entries) {
    if (typeof path !== 'string') throw invalid('defineOutput options.ensure', 'a list of path strings', path);
    try {
      parsePath(path);
    } catch (error) {
      throw new SchemaError(path, `ensure path is not a valid path (${(error as Error).message})`);
    }
    if (level !== 'presence' && level !== 'not_null')
      throw new SchemaError(path, `ensure level must be 'presence' or 'not_null'`);
    writeOwn(out, path, level); // an own key, `__proto__` included
  }
  return out;
}

/** `{ wildcardPath: level }` from each record in turn; when a path is marked twice, `not_null` wins. */
function mergeLevels(...records: Readonly<Record<string, EnsureLevel>>[]): Record<string, EnsureLevel> {
  const keys: Record<string, EnsureLevel> = Object.create(null);
  for (const record of records) {
    for (const [path, level] of Object.entries(record)) if (keys[path] !== 'not_null') keys[path] = level;
  }
  return { ...keys };
}
