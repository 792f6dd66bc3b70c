import { defineOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk', 'not_null']],
  meta: { score: ['integer', '0-10'], ok: ['boolean'] },
  severity: [['low', 'high'], 'how bad'],
  extra: ['any'],
});

describe('toJSONSchema', () => {
  it('exports draft 2020-12 with required ensured keys', () => {
    expect(incident.toJSONSchema({ title: 'incident' })).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'incident',
      type: 'object',
      properties: {
        status_summary: { type: ['string', 'null'], description: 'one-line status' },
        risk_flags: { type: 'array', items: { type: 'string', description: 'a risk' }, minItems: 1 },
        meta: {
          type: 'object',
          properties: { score: { type: 'integer', description: '0-10' }, ok: { type: 'boolean' } },
        },
        severity: { enum: ['low', 'high'], description: 'how bad' },
        extra: {},
      },
      required: ['status_summary'],
    });
  });

  it('strict variant: every key required, no extra properties, unensured fields nullable', () => {
    expect(incident.toJSONSchema({ strict: true })).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        status_summary: { type: ['string', 'null'], description: 'one-line status' },
        risk_flags: { type: ['array', 'null'], items: { type: 'string', description: 'a risk' }, minItems: 1 },
        meta: {
          type: ['object', 'null'],
          properties: {
            score: { type: ['integer', 'null'], description: '0-10' },
            ok: { type: ['boolean', 'null'] },
          },
          required: ['score', 'ok'],
          additionalProperties: false,
        },
        severity: { enum: ['low', 'high', null], description: 'how bad' },
        extra: {},
      },
      required: ['status_summary', 'risk_flags', 'meta', 'severity', 'extra'],
      additionalProperties: false,
    });
  });

  it('keeps a __proto__ field as an own property', () => {
    const schema = defineOutput({ ['__proto__']: ['string', '', 'not_null'] }).toJSONSchema();
    const properties = schema.properties as Record<string, unknown>;
    expect(Object.hasOwn(properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
  });
});
