import { writeOwn } from '../../patch/apply-patch';
import { appendSegment } from '../../patch/path';
import { defineOutput, type OutputDefinition } from '../../schema/define-output';
import type { JsonSchema } from '../../schema/json-schema';
import type { SchemaShape } from '../../schema/schema-types';
import type { ContractDefinition, ContractField } from './contract-types';

/**
 * The output schema a contract streams and parses with: `schema_version` and `status` first, then
 * the fields. Required scalars are ensured (`not_null` unless nullable); lists and objects are
 * ensured present (absence is `[]` or `null`).
 */
export function contractOutput<Data>(contract: ContractDefinition<Data>): OutputDefinition<Data> {
  const ensure: Record<string, 'presence' | 'not_null'> = {};
  const shape: Record<string, SchemaShape> = {
    schema_version: ['string', `always "${contract.version}"`, 'not_null'],
    status: [Object.keys(contract.statuses), statusDescription(contract), 'not_null'],
  };
  for (const [key, field] of Object.entries(contract.fields)) {
    // Own keys: a field named `__proto__` is a field, not the prototype of the shape.
    writeOwn(shape, key, fieldShape(field));
    if (!field.optional) writeOwn(ensure, appendSegment('', key), ensureLevel(field));
  }
  return defineOutput(shape, { ensure }) as OutputDefinition<Data>;
}

function ensureLevel(field: ContractField): 'presence' | 'not_null' {
  if (field.nullable || field.type === 'array' || field.type === 'object') return 'presence';
  return 'not_null';
}

function fieldShape(field: ContractField): SchemaShape {
  switch (field.type) {
    case 'array':
      return [fieldShape(field.items)] as const;
    case 'object':
      return Object.fromEntries(Object.entries(field.fields).map(([key, child]) => [key, fieldShape(child)]));
    case 'enum':
      return [Object.keys(field.values), enumDescription(field.description, field.values)];
    default:
      return [field.type, field.description];
  }
}

/** Strict JSON Schema 2020-12 for providers' native structured output. */
export function contractJSONSchema<Data>(contract: ContractDefinition<Data>): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: contract.name,
    ...objectSchema(
      {
        schema_version: { type: 'string', description: 'the contract version' },
        status: { type: 'enum', values: statusValues(contract), description: 'the outcome' },
        ...contract.fields,
      },
      { schema_version: { enum: [contract.version] } },
    ),
  };
}

function objectSchema(
  fields: Readonly<Record<string, ContractField>>,
  overrides: Record<string, JsonSchema> = {},
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, field] of Object.entries(fields)) {
    Object.defineProperty(properties, key, {
      value: { ...fieldSchema(field), ...overrides[key] },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const required = Object.entries(fields)
    .filter(([, field]) => !field.optional)
    .map(([key]) => key);
  return { type: 'object', properties, required, additionalProperties: false };
}

function fieldSchema(field: ContractField): JsonSchema {
  let schema: JsonSchema;
  switch (field.type) {
    case 'array':
      schema = { type: 'array', items: fieldSchema(field.items) };
      break;
    case 'object':
      schema = objectSchema(field.fields);
      break;
    case 'enum':
      schema = { type: 'string', enum: Object.keys(field.values) };
      break;
    default:
      schema = { type: field.type };
  }
  // Nullable as `anyOf` with a null branch, the form the output-contract seed's JSON Schema uses.
  if (field.nullable) return { anyOf: [schema, { type: 'null' }], description: field.description };
  return { ...schema, description: field.description };
}

function statusValues<Data>(contract: ContractDefinition<Data>): Record<string, string> {
  return Object.fromEntries(Object.entries(contract.statuses).map(([name, status]) => [name, status.meaning]));
}

function statusDescription<Data>(contract: ContractDefinition<Data>): string {
  return enumDescription('the outcome', statusValues(contract));
}

function enumDescription(description: string, values: Readonly<Record<string, string>>): string {
  return `${description}: ${Object.entries(values)
    .map(([value, meaning]) => `${value} = ${meaning}`)
    .join('; ')}`;
}
