import { type PathSegment, WILDCARD } from '../../patch/path';
import type { StandardSchemaV1 } from '../../schema/standard-schema';

type FieldValidate = StandardSchemaV1['~standard']['validate'];

/** Wrappers that only say "may be left out / null / defaulted": a path walks through to the inner schema. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional']);

/**
 * The validator of the schema at `segments` inside a Standard Schema, when it can be isolated, or
 * `undefined`. Today: zod 4 (and zod/mini), walking `_zod.def` through objects' `shape`, arrays'
 * `element` and the wrappers above. Anything else on the way (a union, a pipe or preprocess around
 * a parent, a lazy, another library) leaves the field to the whole schema at the end: its value
 * there could depend on more than the field, and an early check must never disagree with the end.
 */
export function standardFieldValidate(schema: object, segments: readonly PathSegment[]): FieldValidate | undefined {
  if (isRemote(schema)) return schema.fieldValidate(segments);
  let current: unknown = schema;
  for (const segment of segments) {
    let def = zodDef(current);
    while (def !== undefined && WRAPPERS.has(String(def.type))) def = zodDef(def.innerType);
    if (def === undefined) return undefined;
    if (def.type === 'object' && typeof segment === 'string') {
      const shape = def.shape as Record<string, unknown> | undefined;
      current = shape !== undefined && Object.hasOwn(shape, segment) ? shape[segment] : undefined;
    } else if (def.type === 'array' && (typeof segment === 'number' || segment === WILDCARD)) current = def.element;
    else return undefined;
  }
  const props = (current as { '~standard'?: { validate?: unknown } } | undefined)?.['~standard'];
  if (typeof props?.validate !== 'function') return undefined;
  const validate = props.validate.bind(props) as FieldValidate;
  return plainCheck(zodDef(current), validate) ?? validate;
}

const PASS = Object.freeze({ value: undefined });
const PLAIN_TYPES: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
};

/**
 * A plain `z.string()`, `z.number()` or `z.boolean()` (no checks, no coercion; optionally
 * nullable) judged by its type alone, the schema's own validator asked only when it fails (for its
 * message): most leaves of a large answer are plain, and a validator call per leaf would be most of
 * the field checks' cost (bench/early-validation.bench.ts measures them).
 */
function plainCheck(def: Record<string, unknown> | undefined, validate: FieldValidate): FieldValidate | undefined {
  let nullable = false;
  let inner = def;
  if (inner?.type === 'nullable' && Object.keys(inner).length === 2) {
    nullable = true;
    inner = zodDef(inner.innerType);
  }
  const isType = inner === undefined ? undefined : PLAIN_TYPES[String(inner.type)];
  if (inner === undefined || isType === undefined) return undefined;
  const checks = inner.checks as unknown[] | undefined;
  if (
    Object.keys(inner).some((key) => key !== 'type' && key !== 'checks') ||
    (checks !== undefined && checks.length > 0)
  )
    return undefined;
  return (value) => ((nullable && value === null) || isType(value) ? PASS : validate(value));
}

/**
 * A schema that lives elsewhere: in a Worker, the main thread's (worker/worker-host.ts), asked per
 * field. Its answer is the main thread's sub-schema verdict, or a pass when it has none.
 */
export type RemoteFieldSchema = { fieldValidate(segments: readonly PathSegment[]): FieldValidate };

function isRemote(schema: object): schema is RemoteFieldSchema {
  return typeof (schema as Partial<RemoteFieldSchema>).fieldValidate === 'function';
}

function zodDef(schema: unknown): Record<string, unknown> | undefined {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) return undefined;
  const internals = (schema as { _zod?: { def?: unknown } })._zod;
  const def = internals?.def;
  return def !== null && typeof def === 'object' ? (def as Record<string, unknown>) : undefined;
}
