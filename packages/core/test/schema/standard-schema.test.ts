import { defineOutput, SchemaError } from '@fieldstream/core';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

function schemaError(run: () => unknown): SchemaError {
  try {
    run();
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  throw new Error('expected a SchemaError');
}

describe('defineOutput with a Standard JSON Schema', () => {
  const ticket = z.object({
    title: z.string().min(1).describe('One-line title'),
    priority: z.enum(['low', 'high']),
    note: z.string().nullable(),
    estimate: z.number().optional(),
    tags: z.array(z.string()),
    owner: z.object({ name: z.string() }).nullable(),
  });

  it('compiles zod objects, enums, arrays, nullables and descriptions into the field tree', () => {
    const output = defineOutput(ticket);
    expect(output.root).toEqual({
      kind: 'object',
      fields: new Map<string, unknown>([
        ['title', { kind: 'scalar', type: 'string', description: 'One-line title', ensure: 'not_null' }],
        ['priority', { kind: 'enum', values: ['low', 'high'], description: '', ensure: 'not_null' }],
        ['note', { kind: 'scalar', type: 'string', description: '', ensure: 'presence' }],
        ['estimate', { kind: 'scalar', type: 'number', description: '', ensure: undefined }],
        ['tags', { kind: 'array', item: { kind: 'scalar', type: 'string', description: '', ensure: undefined } }],
        [
          'owner',
          {
            kind: 'object',
            fields: new Map([['name', { kind: 'scalar', type: 'string', description: '', ensure: 'presence' }]]),
          },
        ],
      ]),
    });
    // `required` → ensure: a string that may be empty and a list that may be empty only need presence.
    expect(output.ensureKeys).toEqual({
      title: 'not_null',
      priority: 'not_null',
      note: 'presence',
      tags: 'presence',
      owner: 'presence',
      'owner.name': 'presence',
    });
    expect(output.standard?.vendor).toBe('zod');
  });

  it('infers the data type from the schema output', () => {
    const output = defineOutput(ticket);
    expectTypeOf(output.$data).toEqualTypeOf<z.output<typeof ticket> | undefined>();
    const ark = defineOutput(type({ name: 'string', 'age?': 'number' }));
    expectTypeOf(ark.$data).toEqualTypeOf<{ name: string; age?: number } | undefined>();
    const vali = defineOutput(toStandardJsonSchema(v.object({ n: v.nullable(v.number()) })));
    expectTypeOf(vali.$data).toEqualTypeOf<{ n: number | null } | undefined>();
  });

  it('reads arktype and valibot schemas the same way', () => {
    const ark = defineOutput(type({ name: 'string', kind: "'a' | 'b'", 'age?': 'number', maybe: 'string | null' }));
    expect(ark.standard?.vendor).toBe('arktype');
    expect(ark.ensureKeys).toEqual({ kind: 'not_null', maybe: 'presence', name: 'presence' });
    const vali = defineOutput(
      toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.description('who')), level: v.picklist([1, 2]) })),
    );
    expect(vali.standard?.vendor).toBe('valibot');
    expect(vali.root).toEqual({
      kind: 'object',
      fields: new Map([
        ['name', { kind: 'scalar', type: 'string', description: 'who', ensure: 'presence' }],
        ['level', { kind: 'enum', values: [1, 2], description: '', ensure: 'not_null' }],
      ]),
    });
  });

  it('keeps the ensure option, not_null winning over a required level', () => {
    const output = defineOutput(z.object({ note: z.string(), items: z.array(z.object({ id: z.string() })) }), {
      ensure: { note: 'not_null', 'items[*].id': 'presence' },
    });
    expect(output.ensureKeys).toEqual({ note: 'not_null', items: 'presence', 'items[*].id': 'presence' });
  });

  it('accepts a plain JSON Schema document, with local $refs and literal unions', () => {
    const output = defineOutput({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        status: { anyOf: [{ const: 'open' }, { const: 'closed' }, { type: 'null' }], description: 'state' },
        address: { $ref: '#/$defs/Address' },
        count: { type: ['integer', 'null'] },
      },
      required: ['status', 'address'],
      $defs: {
        Address: { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'] },
      },
    });
    expect(output.root).toEqual({
      kind: 'object',
      fields: new Map<string, unknown>([
        ['status', { kind: 'enum', values: ['open', 'closed', null], description: 'state', ensure: 'presence' }],
        [
          'address',
          {
            kind: 'object',
            fields: new Map([['city', { kind: 'scalar', type: 'string', description: '', ensure: 'not_null' }]]),
          },
        ],
        ['count', { kind: 'scalar', type: 'integer', description: '', ensure: undefined }],
      ]),
    });
    expect(output.ensureKeys).toEqual({ status: 'presence', address: 'not_null', 'address.city': 'not_null' });
    expect(output.standard).toBeUndefined();
    expect(output.toJSONSchema().properties).toEqual({
      status: { enum: ['open', 'closed', null], description: 'state' },
      address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      count: { type: 'integer' },
    });
  });

  it('still reads a tuple-DSL object that has a field called "type"', () => {
    const output = defineOutput({ type: ['string', 'the kind'], properties: { a: ['number'] } });
    expect(output.root.kind === 'object' && [...output.root.fields.keys()]).toEqual(['type', 'properties']);
  });

  it.each([
    [
      'a union of objects',
      z.object({ u: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) }),
      'u',
      'a union (anyOf/oneOf) of 2 non-null schemas',
    ],
    ['a recursive schema', recursiveZod(), 'children[*]', 'a recursive schema ($ref #)'],
    ['a record', z.object({ scores: z.record(z.string(), z.number()) }), 'scores', 'an object with open keys'],
    ['a tuple', z.object({ pair: z.tuple([z.string(), z.number()]) }), 'pair', '"prefixItems"'],
    [
      'an intersection',
      { type: 'object', properties: { x: { allOf: [{ type: 'string' }, { minLength: 2 }] } } },
      'x',
      'allOf with several schemas',
    ],
    ['a type union', { type: 'object', properties: { x: { type: ['string', 'number'] } } }, 'x', 'a union of types'],
  ])('rejects %s with a SchemaError naming the construct and the path', (_name, schema, path, construct) => {
    const error = schemaError(() => defineOutput(schema as never));
    expect(error.code).toBe('SCHEMA_INVALID');
    expect(error.path).toBe(path);
    expect(error.message).toContain(construct);
  });

  it('rejects a Standard Schema that cannot export JSON Schema, pointing valibot users to the converter', () => {
    const error = schemaError(() => defineOutput(v.object({ a: v.string() }) as never));
    expect(error.message).toContain('toStandardJsonSchema from @valibot/to-json-schema');
  });

  it('describes what the model writes: the input side (a transform takes a string, a default is optional)', () => {
    const output = defineOutput(
      z.object({ size: z.string().transform((s) => s.length), tier: z.string().default('free') }),
    );
    expectTypeOf(output.$data).toEqualTypeOf<{ size: number; tier: string } | undefined>();
    expect(output.ensureKeys).toEqual({ size: 'presence' });
    expect(output.toJSONSchema().properties).toEqual({ size: { type: ['string', 'null'] }, tier: { type: 'string' } });
  });

  it('reports a converter that throws (a zod date has no JSON Schema) as a SchemaError', () => {
    const error = schemaError(() => defineOutput(z.object({ at: z.date() })));
    expect(error.message).toMatch(/^Invalid output schema at \(root\): zod could not export JSON Schema: ./);
  });
});

function recursiveZod() {
  const node = z.object({
    name: z.string(),
    get children() {
      return z.array(node);
    },
  });
  return node;
}
