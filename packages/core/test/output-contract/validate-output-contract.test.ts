import { defineOutput } from '@fieldstream/core';
import {
  finalizeContractStream,
  type OutputContractPlan,
  planOutputContract,
  validateOutputContract,
} from '@fieldstream/core/kits';
import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from '../../src/providers/output-contract/check-json-schema';

const report = defineOutput({
  title: ['string', 'the title', 'not_null'],
  score: ['integer', '0-10', true],
  level: [['low', 'high'], 'severity'],
  items: [{ name: ['string', 'item name', 'not_null'], done: ['boolean'] }],
});
const strictSchema = report.toJSONSchema({ strict: true });
const caps = { jsonObject: true, jsonSchema: false, strictJsonSchema: false, reasoning: false };
const schemaPlan = planOutputContract(caps, {
  responseFormat: { type: 'json_schema', name: 'report', schema: strictSchema, strict: true },
});
// Any JSON object, asked for in the prompt only (a provider without a JSON mode).
const objectPlan = planOutputContract(
  { ...caps, jsonObject: false },
  { responseFormat: { type: 'json_object' } },
  { promptOnly: true },
);
const textPlan = planOutputContract(caps, {});

const valid = { title: 'T', score: 3, level: 'low', items: [{ name: 'a', done: false }] };

const diagnostic = (message: string) => ({
  ok: false,
  diagnostic: {
    code: 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT',
    severity: 'error',
    path: 'response.output_text',
    message,
  },
});

describe('validateOutputContract', () => {
  it('accepts anything when the plan requires nothing', () => {
    expect(validateOutputContract(textPlan, 'hello, no JSON here')).toEqual({ ok: true, value: 'hello, no JSON here' });
  });

  it('accepts a matching JSON object and returns it parsed', () => {
    expect(validateOutputContract(schemaPlan, ` ${JSON.stringify(valid)}\n`)).toEqual({ ok: true, value: valid });
  });

  it('rejects text that is not strict JSON (fences, JSON5, prose)', () => {
    for (const text of ['```json\n{"a":1}\n```', "{a: 1, 'b': 2,}", 'Here: {"a":1}', '']) {
      const check = validateOutputContract(objectPlan, text);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.diagnostic.message).toMatch(/^output_text is not valid JSON \(/);
    }
  });

  it('rejects JSON that is not an object', () => {
    expect(validateOutputContract(objectPlan, '[1,2]')).toEqual(
      diagnostic('output_text must be a JSON object, got an array'),
    );
    expect(validateOutputContract(objectPlan, 'null')).toEqual(
      diagnostic('output_text must be a JSON object, got null'),
    );
  });

  it('names every schema violation with its data path', () => {
    const bad = { title: 'T', score: 2.5, level: 'mid', items: [{ name: 'a', done: 'no', extra: 1 }] };
    expect(validateOutputContract(schemaPlan, JSON.stringify(bad))).toEqual(
      diagnostic(
        'output_text does not match the schema "report": score: expected integer or null, got number; ' +
          'level: expected one of "low", "high", null, got "mid"; items[0].extra: key is not allowed by the schema; ' +
          'items[0].done: expected boolean or null, got string',
      ),
    );
  });

  it('reports missing required keys', () => {
    expect(validateOutputContract(schemaPlan, '{"title":"T","score":1,"level":null}')).toEqual(
      diagnostic('output_text does not match the schema "report": items: required key is missing'),
    );
  });
});

describe('finalizeContractStream', () => {
  it('completes a stream whose text keeps the contract', () => {
    expect(finalizeContractStream(schemaPlan, JSON.stringify(valid))).toEqual({ status: 'completed', diagnostics: [] });
  });

  it('turns a stream whose text breaks the contract into a failed status with the diagnostic', () => {
    expect(finalizeContractStream(objectPlan, 'Sure! {"a": 1}')).toEqual({
      status: 'failed',
      diagnostics: [
        {
          code: 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT',
          severity: 'error',
          path: 'response.output_text',
          message: expect.stringMatching(/^output_text is not valid JSON/),
        },
      ],
    });
  });

  it('never fails a passthrough plan', () => {
    const plan: OutputContractPlan = textPlan;
    expect(finalizeContractStream(plan, '')).toEqual({ status: 'completed', diagnostics: [] });
  });
});

describe('checkJsonSchema', () => {
  it('checks integer vs number, minItems, nested arrays and unknown keywords', () => {
    const schema = {
      type: 'object',
      properties: { n: { type: 'number' }, tags: { type: 'array', items: { type: 'string' }, minItems: 1 } },
      required: ['n'],
      patternProperties: { '^x': {} },
    };
    expect(checkJsonSchema({ n: 1.5, tags: ['a'] }, schema)).toEqual([]);
    expect(checkJsonSchema({ n: Number.NaN, tags: [] }, schema)).toEqual([
      { path: 'n', message: 'expected number, got a non-finite number' },
      { path: 'tags', message: 'expected at least 1 items, got 0' },
    ]);
    expect(checkJsonSchema({ tags: ['a', 2] }, schema)).toEqual([
      { path: 'n', message: 'required key is missing' },
      { path: 'tags[1]', message: 'expected string, got integer' },
    ]);
  });

  it('treats __proto__ as an ordinary key', () => {
    const schema = { type: 'object', properties: {}, additionalProperties: false };
    expect(checkJsonSchema(JSON.parse('{"__proto__": {"x": 1}}'), schema)).toEqual([
      { path: '__proto__', message: 'key is not allowed by the schema' },
    ]);
  });

  it('walks 100 000 nested arrays without overflowing the stack', () => {
    let value: unknown = 1;
    let schema: Record<string, unknown> = { type: 'integer' };
    for (let i = 0; i < 100_000; i++) {
      value = [value];
      schema = { type: 'array', items: schema };
    }
    expect(checkJsonSchema(value, schema)).toEqual([]);
  });
});
