import { errorMessage } from '../errors/error-message';
import { SchemaError } from '../errors/errors';
import type { JsonSchema } from './json-schema';
import type { StandardSchemaV1 } from './standard-schema';

/** A JSON Schema document given as an output: its root names a `type` or a `$schema`. */
export type JsonSchemaDocument = JsonSchema & ({ type: string } | { $schema: string });

/** What a Standard JSON Schema gives: its JSON Schema, and its validator when it has one. */
export type StandardInput = {
  jsonSchema: JsonSchema;
  props: StandardSchemaV1<unknown, unknown>['~standard'];
  validate: StandardSchemaV1['~standard']['validate'] | undefined;
};

/**
 * Reads a Standard Schema (`~standard`), or `undefined` for anything else. Its input JSON Schema
 * (what the model must write: zod defaults optional, transforms' inputs) gives the fields. One without
 * `~standard.jsonSchema`, or whose converter throws, is a {@link SchemaError}.
 */
export function readStandardSchema(schema: unknown): StandardInput | undefined {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) return undefined;
  const props = (schema as { '~standard'?: unknown })['~standard'];
  if (props === null || typeof props !== 'object') return undefined;
  const { vendor: name, jsonSchema, validate } = props as Record<string, unknown>;
  const vendor = String(name);
  // The model writes what the validator takes in, so the input side is the one to describe.
  const input = jsonSchema !== null && typeof jsonSchema === 'object' ? Reflect.get(jsonSchema, 'input') : undefined;
  if (typeof input !== 'function') {
    throw new SchemaError(
      '',
      `this ${vendor} Standard Schema cannot export JSON Schema (~standard.jsonSchema is missing); valibot schemas need toStandardJsonSchema from @valibot/to-json-schema`,
    );
  }
  let document: unknown;
  try {
    // valibot throws on actions with no JSON Schema form (`check`, `custom`…); those are left to its
    // own `validate`, which runs last anyway.
    const libraryOptions = vendor === 'valibot' ? { errorMode: 'ignore' } : undefined;
    document = input.call(jsonSchema, { target: 'draft-2020-12', libraryOptions });
  } catch (error) {
    throw new SchemaError('', `${vendor} could not export JSON Schema: ${errorMessage(error)}`);
  }
  if (document === null || typeof document !== 'object')
    throw new SchemaError('', `${vendor} exported a JSON Schema that is not an object`);
  return {
    jsonSchema: document as JsonSchema,
    props: props as StandardInput['props'],
    validate: typeof validate === 'function' ? (validate as StandardInput['validate']) : undefined,
  };
}

/**
 * A plain JSON Schema rather than a tuple-DSL shape: a DSL object's values are tuples, lists or
 * objects, never strings, so a root `type` or `$schema` string tells them apart.
 */
export function isJsonSchemaDocument(input: unknown): input is JsonSchemaDocument {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return false;
  const { type, $schema } = input as Record<string, unknown>;
  return typeof $schema === 'string' || typeof type === 'string';
}
