import { SchemaError } from '../errors/errors';
import { parsePath } from '../patch/path';
import { compileSchema } from './compile-schema';
import { compileEnsureKeys } from './ensure-keys';
import type { InferData } from './infer-data';
import { type JsonSchema, type JsonSchemaOptions, toJSONSchema } from './json-schema';
import { schemaNodeAt } from './schema-node-at';
import type { EnsureLevel, OutputNode, SchemaShape } from './schema-types';

export type DefineOutputOptions = {
  /** Extra ensured paths (`'items[*].name'`), merged with the tuple markers; `not_null` wins. */
  ensure?: readonly string[] | Readonly<Record<string, EnsureLevel>>;
};

/** A compiled output schema. `Data` is the TypeScript type of the data it describes. */
export type OutputDefinition<Data = unknown> = {
  /** The schema literal as written. */
  readonly shape: SchemaShape;
  /** The compiled tree that parsers and validators walk. */
  readonly root: OutputNode;
  /** `{ wildcardPath: 'presence' | 'not_null' }`, in document order. */
  readonly ensureKeys: Readonly<Record<string, EnsureLevel>>;
  /** JSON Schema 2020-12; `{ strict: true }` for providers' strict structured output. */
  toJSONSchema(options?: JsonSchemaOptions): JsonSchema;
  /** Type-only: the data type. Always `undefined` at run time. */
  readonly $data?: Data;
};

/**
 * Defines an output schema from Agently-style tuples `[type, description?, ensure?]`, nested
 * objects and `[item]` lists. Key order is kept. The data type is inferred from the literal.
 * Throws a {@link SchemaError} naming the path of the first malformed node.
 */
export function defineOutput<const Shape extends SchemaShape>(
  shape: Shape,
  options: DefineOutputOptions = {},
): OutputDefinition<InferData<Shape>> {
  const root = compileSchema(shape);
  const extra = normaliseExtraEnsure(options.ensure);
  for (const path of Object.keys(extra)) {
    if (schemaNodeAt(root, parsePath(path)) === undefined)
      throw new SchemaError(path, 'ensure path is not in the schema');
  }
  const ensureKeys = compileEnsureKeys(root, extra);
  return {
    shape,
    root,
    ensureKeys,
    toJSONSchema: (jsonSchemaOptions) => toJSONSchema(root, jsonSchemaOptions),
  };
}

function normaliseExtraEnsure(ensure: DefineOutputOptions['ensure']): Record<string, EnsureLevel> {
  if (ensure === undefined) return {};
  const entries: [string, unknown][] = Array.isArray(ensure)
    ? ensure.map((path): [string, unknown] => [path, 'presence'])
    : Object.entries(ensure);
  const out: Record<string, EnsureLevel> = {};
  for (const [path, level] of entries) {
    try {
      parsePath(path);
    } catch (error) {
      throw new SchemaError(path, `ensure path is not a valid path (${(error as Error).message})`);
    }
    if (level !== 'presence' && level !== 'not_null')
      throw new SchemaError(path, `ensure level must be 'presence' or 'not_null'`);
    out[path] = level;
  }
  return out;
}
