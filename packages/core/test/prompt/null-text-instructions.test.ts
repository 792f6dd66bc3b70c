// Each text format's instructions say how to write null for a text field, exactly as its parser
// reads null there, and only when a text field may be null (a zod `.nullable()`, or a tuple-DSL
// field not ensured `not_null`): an answer written as told parses to null.
import {
  createResponse,
  defineOutput,
  type FormatDefinition,
  flatMarkdownFormat,
  parseOutput,
  xmlFieldFormat,
  yamlLiteralFormat,
} from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { YAML_BEGIN_MARKER, YAML_END_MARKER } from '../../src/formats/yaml-literal/yaml-markers';

const nullable = defineOutput(z.object({ summary: z.string().nullable(), score: z.number() }));
const notNullable = defineOutput(z.object({ summary: z.string(), score: z.number() }));
const nestedNullable = defineOutput(z.object({ meta: z.object({ owner: z.string().nullable() }), score: z.number() }));
const dsl = defineOutput({ summary: ['string', 'one-line status'], score: ['integer'] });
const dslNotNull = defineOutput({ summary: ['string', 'one-line status', 'not_null'], score: ['integer'] });

type Case = {
  format: FormatDefinition;
  /** The rule the instructions add. */
  rule: string;
  /** An answer with `summary` written as the rule says, and `score` 1. */
  answer: string;
};

const cases: Record<string, Case> = {
  xml_field: {
    format: xmlFieldFormat,
    rule: '- To give a text field no value, write it as type="json" with null inside: <field name="NAME" type="json">null</field>.',
    answer:
      '<agently_output>\n<field name="summary" type="json">null</field>\n<field name="score" type="json">1</field>\n</agently_output>',
  },
  yaml_literal: {
    format: yamlLiteralFormat,
    rule: 'To give a text field no value, write null right after its key (key: null): no " |", no quotes.',
    answer: `${YAML_BEGIN_MARKER}\nsummary: null\nscore: 1\n${YAML_END_MARKER}`,
  },
  flat_markdown: {
    format: flatMarkdownFormat,
    rule: '- To give a text field no value, add " [JSON]" to its header line and write null under it. Use [JSON] on a text field for null only.',
    answer: '### summary [JSON]\nnull\n\n### score\n1',
  },
};

describe.each(Object.entries(cases))('%s: null for a text field', (name, { format, rule, answer }) => {
  it('the instructions say how when a text field may be null (zod .nullable(), a tuple field not ensured not_null)', () => {
    expect(format.instructions(nullable).split('\n')).toContain(rule);
    expect(format.instructions(dsl).split('\n')).toContain(rule);
  });

  it('and not when no text field may be null', () => {
    expect(format.instructions(notNullable)).not.toContain('no value');
    expect(format.instructions(dslNotNull)).not.toContain('no value');
  });

  it('an answer written as told parses to null, and a response gives null', async () => {
    const options = { format: name as never, output: nullable, formats: [format] };
    expect(parseOutput(answer, options)).toEqual({ summary: null, score: 1 });
    const response = createResponse({
      model: scriptedModel({ answers: [answer], chunkSize: 3 }),
      input: 'status',
      maxRetries: 0,
      ...options,
    });
    await expect(response.getData()).resolves.toEqual({ summary: null, score: 1 });
  });
});

describe('yaml_literal: a nested text field writes null the same way', () => {
  it('the rule is there when only a nested text field may be null, and `owner: null` parses to null', () => {
    expect(yamlLiteralFormat.instructions(nestedNullable).split('\n')).toContain(cases.yaml_literal!.rule);
    const answer = `${YAML_BEGIN_MARKER}\nmeta:\n  owner: null\nscore: 1\n${YAML_END_MARKER}`;
    expect(
      parseOutput(answer, { format: 'yaml_literal', output: nestedNullable, formats: [yamlLiteralFormat] }),
    ).toEqual({
      meta: { owner: null },
      score: 1,
    });
  });

  it('the top-level formats leave a nested text field to JSON, where null is null already', () => {
    expect(xmlFieldFormat.instructions(nestedNullable)).not.toContain('no value');
    expect(flatMarkdownFormat.instructions(nestedNullable)).not.toContain('no value');
  });
});
