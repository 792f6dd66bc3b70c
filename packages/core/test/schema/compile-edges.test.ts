import { defineOutput, type SchemaError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { resolveOutput } from '../../src/schema/define-output';

const doc = (properties: Record<string, unknown>, required = Object.keys(properties)) =>
  ({ type: 'object', properties, required }) as const;

function errorOf(run: () => unknown): { name: string; path?: string; message: string } {
  try {
    run();
  } catch (error) {
    const { name, path, message } = error as SchemaError;
    return { name, path, message };
  }
  throw new Error('expected an error');
}

describe('schema compilers: edges the byte cuts must keep', () => {
  it('orders ensure keys: fields in document order, then required objects and lists, then the ensure option', () => {
    const output = defineOutput(
      doc(
        {
          list: { type: 'array', items: doc({ id: { type: 'integer' } }) },
          name: { type: 'string', minLength: 1 },
          box: doc({ inner: { type: 'boolean' } }),
          loose: { type: 'string' },
        },
        ['list', 'name', 'box'],
      ),
      { ensure: { loose: 'presence', name: 'presence' } },
    );
    expect(Object.entries(output.ensureKeys)).toEqual([
      ['list[*].id', 'not_null'],
      ['name', 'not_null'],
      ['box.inner', 'not_null'],
      ['list', 'presence'],
      ['box', 'not_null'],
      ['loose', 'presence'],
    ]);
  });

  it.each([
    ['a string', { type: 'string' }, 'presence'],
    ['a string with minLength 1', { type: 'string', minLength: 1 }, 'not_null'],
    ['a string with minLength "2" (not a number)', { type: 'string', minLength: '2' }, 'presence'],
    ['a list', { type: 'array' }, 'presence'],
    ['a list with minItems 1', { type: 'array', minItems: 1 }, 'not_null'],
    ['a nullable number', { type: ['number', 'null'] }, 'presence'],
    ['a number or null through anyOf', { anyOf: [{ type: 'number' }, { type: 'null' }] }, 'presence'],
    ['an enum', { enum: ['a', 'b'] }, 'not_null'],
    ['an enum with a blank value', { enum: ['a', ''] }, 'presence'],
    ['a const null', { const: null }, 'presence'],
    ['anything', {}, 'presence'],
    ['true', true, 'presence'],
    ['null', { type: 'null' }, 'presence'],
  ])('a required %s gets %s', (_name, schema, level) => {
    expect(defineOutput(doc({ x: schema })).ensureKeys).toEqual({ x: level });
  });

  it.each([
    [{ type: 'any' }, 'unknown JSON Schema type "any"'],
    [{ type: [null] }, 'unknown JSON Schema type null'],
    [{ type: 'date' }, 'unknown JSON Schema type "date"'],
    [{ type: ['string', 'number', 'null'] }, 'a union of types (type: ["string","number","null"]) is not supported'],
    ['string', 'expected a JSON Schema object, got string'],
    [[], 'expected a JSON Schema object, got a list'],
  ])('rejects %j at its path', (schema, message) => {
    const error = errorOf(() => defineOutput(doc({ x: schema })));
    expect(error).toMatchObject({ name: 'SchemaError', path: 'x' });
    expect(error.message).toContain(message);
  });

  it('checks the schema before the ensure option', () => {
    const error = errorOf(() => defineOutput({ a: ['nope'] } as never, { ensure: ['bad..'] }));
    expect(error.message).toContain('unknown type "nope"');
  });

  it('resolveOutput builds what defineOutput builds, and passes a definition through', () => {
    const schema = doc({ a: { type: 'string', description: 'A' }, b: { enum: [1, 2] } }, ['a']);
    const defined = defineOutput(schema);
    const resolved = resolveOutput(schema);
    expect(resolved?.root).toEqual(defined.root);
    expect(resolved?.ensureKeys).toEqual(defined.ensureKeys);
    expect(resolved?.toJSONSchema({ strict: true })).toEqual(defined.toJSONSchema({ strict: true }));
    expect(resolveOutput(defined)).toBe(defined);
    expect(resolveOutput(undefined)).toBeUndefined();
  });

  it('asks only valibot to skip actions with no JSON Schema form', () => {
    const options: unknown[] = [];
    const standard = (vendor: string) => ({
      '~standard': {
        version: 1,
        vendor,
        jsonSchema: {
          input: (given: unknown) => {
            options.push(given);
            return { type: 'string' };
          },
          output: () => ({}),
        },
      },
    });
    defineOutput(standard('valibot') as never);
    defineOutput(standard('zod') as never);
    expect(options).toEqual([
      { target: 'draft-2020-12', libraryOptions: { errorMode: 'ignore' } },
      { target: 'draft-2020-12', libraryOptions: undefined },
    ]);
  });

  it('exports a strict schema with nullable fields and a minItems for a list of not_null items', () => {
    const output = defineOutput({
      tags: [['string', '', 'not_null']],
      kind: [['a', 'b'], ''],
      n: ['number', '', true],
    });
    expect(output.toJSONSchema({ strict: true })).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        tags: { type: ['array', 'null'], items: { type: 'string' }, minItems: 1 },
        kind: { enum: ['a', 'b', null] },
        n: { type: ['number', 'null'] },
      },
      required: ['tags', 'kind', 'n'],
      additionalProperties: false,
    });
  });
});
