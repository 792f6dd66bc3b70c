import { createResponse, defineOutput, type OutputSchema } from '@fieldstream/core';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderFieldRequirements } from '../../src/prompt/field-requirements';
import { scripted } from '../response/model-helpers';
import { formats } from '../support/all-formats';

/** The requirement lines of an output (one string per line). */
const lines = (output: OutputSchema | Record<string, unknown>) =>
  renderFieldRequirements(defineOutput(output as never)).split('\n');

/** A JSON Schema document of one object whose `field` is `schema`, required or not. */
const doc = (schema: Record<string, unknown>, required = true) => ({
  type: 'object',
  properties: { field: schema },
  ...(required ? { required: ['field'] } : {}),
});

/** Anything that tells the model a value may be null or left empty. */
const SAYS_NULLABLE = /may be (null|empty|blank)|null or empty|no value|write null/i;

const STRUCTURED = ['auto', 'json', 'hybrid', 'xml_field', 'yaml_literal', 'flat_markdown'] as const;

describe('the prompt never contradicts the schema', () => {
  it.each(STRUCTURED)('a required non-nullable zod string is never described as nullable (%s)', async (format) => {
    const model = scripted(['{"city": "Oslo"}']);
    const response = createResponse({ model, input: 'Where is it?', output: z.object({ city: z.string() }), format });
    expect(await response.getData()).toEqual({ city: 'Oslo' });
    expect(model.requests).toHaveLength(1);
    const prompt = model.requests[0]?.prompt ?? '';
    expect(prompt).toContain('[FIELD REQUIREMENTS]\n- city: required key; value must not be null\n');
    expect(prompt).not.toMatch(SAYS_NULLABLE);
  });

  it.each([
    ['a JSON Schema document', doc({ type: 'string' })],
    ['arktype', type({ field: 'string' })],
    ['valibot', toStandardJsonSchema(v.object({ field: v.string() }))],
  ])('nor is a required non-nullable string from %s', async (_name, output) => {
    for (const format of STRUCTURED) {
      const model = scripted(['{"field": "x"}']);
      await createResponse({ model, input: 'x', output: output as OutputSchema, format }).getData();
      const prompt = model.requests[0]?.prompt ?? '';
      expect(prompt).toContain('- field: required key; value must not be null\n');
      expect(prompt).not.toMatch(SAYS_NULLABLE);
    }
  });
});

describe('field requirements from a schema’s constraints', () => {
  it('required: a required key whose value must not be null', () => {
    expect(lines(z.object({ field: z.string() }))).toEqual(['- field: required key; value must not be null']);
    expect(lines(doc({ type: 'integer' }))).toEqual(['- field: required key; value must not be null']);
    // Non-empty as well when the schema says so (minLength ≥ 1 makes the key not_null).
    expect(lines(z.object({ field: z.string().min(1).describe('the title') }))).toEqual([
      '- field: the title; required key; value must not be null, blank, or empty',
    ]);
    // The tuple DSL: `not_null` keeps its meaning.
    expect(lines({ field: ['string', 'the title', 'not_null'] })).toEqual([
      '- field: the title; required key; value must not be null, blank, or empty',
    ]);
  });

  it('nullable: may be null', () => {
    const expected = ['- field: required key; value may be null'];
    expect(lines(z.object({ field: z.string().nullable() }))).toEqual(expected);
    expect(lines(doc({ type: ['string', 'null'] }))).toEqual(expected);
    expect(lines(doc({ anyOf: [{ type: 'number' }, { type: 'null' }] }))).toEqual(expected);
    expect(lines(z.object({ field: z.object({ a: z.number() }).nullable() }))).toEqual([
      ...expected,
      '- field.a: required key; value must not be null',
    ]);
    // The tuple DSL: `true` / `presence` keeps its meaning (present, null or empty allowed).
    expect(lines({ field: ['string', '', true] })).toEqual(['- field: required key; the value may be null or empty']);
    expect(lines({ field: ['number', '', 'presence'] })).toEqual([
      '- field: required key; the value may be null or empty',
    ]);
  });

  it('optional: may be omitted, and says whether null is allowed when given', () => {
    expect(lines(z.object({ field: z.string().optional() }))).toEqual([
      '- field: may be omitted; value must not be null',
    ]);
    expect(lines(z.object({ field: z.number().nullish() }))).toEqual(['- field: may be omitted; value may be null']);
    expect(lines(doc({ type: 'boolean' }, false))).toEqual(['- field: may be omitted; value must not be null']);
    // The tuple DSL's unmarked fields are not ensured: no line, as before.
    expect(renderFieldRequirements(defineOutput({ field: ['string', 'free text'] }))).toBe('');
  });

  it('default: may be omitted, naming the default', () => {
    expect(lines(z.object({ field: z.string().default('free') }))).toEqual([
      '- field: may be omitted (the default is "free"); value must not be null',
    ]);
    expect(lines(doc({ type: 'integer', default: 3 }, false))).toEqual([
      '- field: may be omitted (the default is 3); value must not be null',
    ]);
  });

  it('enum: lists the allowed values (null is the null rule’s to say)', () => {
    expect(lines(z.object({ field: z.enum(['low', 'high']) }))).toEqual([
      '- field: required key; value must not be null; one of: "low", "high"',
    ]);
    expect(lines(z.object({ field: z.enum(['low', 'high']).nullable() }))).toEqual([
      '- field: required key; value may be null; one of: "low", "high"',
    ]);
    expect(lines(doc({ enum: [1, 2, null] }))).toEqual(['- field: required key; value may be null; one of: 1, 2']);
    expect(lines(z.object({ field: z.literal('v1') }))).toEqual([
      '- field: required key; value must not be null; must be "v1"',
    ]);
    expect(lines({ field: [['low', 'high'], 'severity', 'not_null'] })).toEqual([
      '- field: severity; required key; value must not be null, blank, or empty; one of: "low", "high"',
    ]);
  });

  it('numbers: minimum, maximum, exclusive bounds and multipleOf', () => {
    expect(lines(z.object({ field: z.number().min(1).max(10) }))).toEqual([
      '- field: required key; value must not be null; from 1 to 10',
    ]);
    expect(lines(z.object({ field: z.number().int().gt(0).lt(5) }))).toEqual([
      '- field: required key; value must not be null; greater than 0 and less than 5',
    ]);
    expect(lines(z.object({ field: z.number().max(100) }))).toEqual([
      '- field: required key; value must not be null; at most 100',
    ]);
    expect(lines(doc({ type: 'number', minimum: 0, multipleOf: 0.5 }))).toEqual([
      '- field: required key; value must not be null; at least 0; a multiple of 0.5',
    ]);
  });

  it('strings: minLength and maxLength', () => {
    expect(lines(z.object({ field: z.string().min(2).max(20) }))).toEqual([
      '- field: required key; value must not be null, blank, or empty; 2 to 20 characters',
    ]);
    expect(lines(z.object({ field: z.string().max(80) }))).toEqual([
      '- field: required key; value must not be null; at most 80 characters',
    ]);
    expect(lines(z.object({ field: z.string().length(3) }))).toEqual([
      '- field: required key; value must not be null, blank, or empty; exactly 3 characters',
    ]);
    expect(lines(doc({ type: 'string', minLength: 1 }))).toEqual([
      '- field: required key; value must not be null, blank, or empty',
    ]);
  });

  it('strings: a known format in words (not its long regex), another format and a pattern as given', () => {
    expect(lines(z.object({ field: z.email() }))).toEqual([
      '- field: required key; value must not be null; must be an email address',
    ]);
    expect(lines(z.object({ field: z.iso.date() }))).toEqual([
      '- field: required key; value must not be null; must be a YYYY-MM-DD date',
    ]);
    expect(lines(doc({ type: 'string', format: 'uuid' }))).toEqual([
      '- field: required key; value must not be null; must be a UUID',
    ]);
    expect(lines(z.object({ field: z.string().regex(/^[A-Z]{3}$/) }))).toEqual([
      '- field: required key; value must not be null; must match the regular expression ^[A-Z]{3}$',
    ]);
    expect(lines(doc({ type: 'string', format: 'color', pattern: '^#[0-9a-f]{6}$' }))).toEqual([
      '- field: required key; value must not be null; format "color"; must match the regular expression ^#[0-9a-f]{6}$',
    ]);
  });

  it('lists: item counts, and a line for items only when they have a rule of their own', () => {
    expect(lines(z.object({ field: z.array(z.string()).min(1).max(3) }))).toEqual([
      '- field: required key; value must not be null or an empty list; 1 to 3 items',
    ]);
    expect(lines(z.object({ field: z.array(z.enum(['a', 'b']).nullable()).optional() }))).toEqual([
      '- field: may be omitted; value must not be null',
      '- field[*]: an item may be null; one of: "a", "b"',
    ]);
    expect(lines(z.object({ field: z.array(z.object({ id: z.number().min(1) })) }))).toEqual([
      '- field: required key; value must not be null',
      '- field[*].id: required key; value must not be null; at least 1',
    ]);
    // The tuple DSL: `presence` on items only needs the list to be there.
    expect(lines({ field: [['string', 'a tag', true]] })).toEqual([
      '- field[*]: a tag; the list must be there but may be empty; an item may be null or empty',
    ]);
    expect(lines({ field: [['string', 'a tag', 'not_null']] })).toEqual([
      '- field[*]: a tag; at least one item; value must not be null, blank, or empty',
    ]);
  });

  it('the ensure option tightens a nullable field to not_null, and the line says so', () => {
    const output = defineOutput(z.object({ note: z.string().nullable(), tags: z.array(z.string()) }), {
      ensure: { note: 'not_null', 'tags[*]': 'not_null' },
    });
    expect(renderFieldRequirements(output).split('\n')).toEqual([
      '- note: required key; value must not be null, blank, or empty',
      '- tags: required key; value must not be null',
      '- tags[*]: at least one item; value must not be null, blank, or empty',
    ]);
  });

  it('valibot and arktype constraints read the same way', () => {
    expect(
      lines(toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.maxLength(40)), n: v.nullable(v.number()) }))),
    ).toEqual([
      '- name: required key; value must not be null; at most 40 characters',
      '- n: required key; value may be null',
    ]);
    expect(lines(type({ name: 'string > 0', 'age?': '0 <= number.integer <= 130' }))).toEqual([
      '- name: required key; value must not be null, blank, or empty',
      '- age: may be omitted; value must not be null; from 0 to 130',
    ]);
  });

  it('keeps constraints off the node’s own keys: the compiled tree compares and clones as before', () => {
    const output = defineOutput(z.object({ city: z.string().max(5).nullable() }));
    const city = output.root.kind === 'object' ? output.root.fields.get('city') : undefined;
    expect(city?.constraints).toEqual({ nullable: true, maxLength: 5 });
    expect(Object.keys(city ?? {})).toEqual(['kind', 'type', 'description', 'ensure']);
    expect(defineOutput({ city: ['string'] }).root.constraints).toBeUndefined();
  });
});

describe('format instructions follow the schema’s nullability', () => {
  const nullRule = '- To give a text field no value, add " [JSON]" to its header line and write null under it.';

  it('hybrid explains how to write null only when a text field may be null', () => {
    const strict = z.object({ city: z.string(), population: z.number() });
    const loose = z.object({ city: z.string().nullable(), population: z.number() });
    expect(formats.hybrid.instructions(defineOutput(strict))).not.toContain(nullRule);
    expect(formats.hybrid.instructions(defineOutput(loose))).toContain(nullRule);
    // The tuple DSL: a text field that is not `not_null` may be null.
    expect(
      formats.hybrid.instructions(defineOutput({ city: ['string', '', 'not_null'], n: ['number'] })),
    ).not.toContain(nullRule);
    expect(formats.hybrid.instructions(defineOutput({ city: ['string', '', true], n: ['number'] }))).toContain(
      nullRule,
    );
    // The ensure option forbids null even where the schema allows it.
    const tightened = defineOutput(loose, { ensure: { city: 'not_null' } });
    expect(formats.hybrid.instructions(tightened)).not.toContain(nullRule);
  });

  it.each(STRUCTURED)('every structured format carries the same requirement lines (%s)', async (format) => {
    const output = z.object({
      city: z.string().max(40),
      population: z.number().int().min(0),
      note: z.string().nullable(),
    });
    const model = scripted(['{"city": "Oslo", "population": 700000, "note": null}']);
    await createResponse({ model, input: 'x', output, format }).getData();
    expect(model.requests[0]?.prompt).toContain(
      [
        '[FIELD REQUIREMENTS]',
        '- city: required key; value must not be null; at most 40 characters',
        '- population: required key; value must not be null; at least 0',
        '- note: required key; value may be null',
      ].join('\n'),
    );
  });
});
