import { defineOutput, type ProviderCapabilities, planOutputContract, providerCapabilities } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';

const incident = defineOutput({
  summary: ['string', 'one-line status', 'not_null'],
  score: ['integer', '0-10'],
});
const schema = incident.toJSONSchema({ strict: true });
const schemaFormat = {
  type: 'json_schema' as const,
  name: 'incident',
  description: 'An incident triage',
  schema,
  strict: true,
};

const caps = (overrides: Partial<ProviderCapabilities>): ProviderCapabilities => ({
  jsonObject: false,
  jsonSchema: false,
  strictJsonSchema: false,
  reasoning: false,
  ...overrides,
});
const full = caps({ jsonObject: true, jsonSchema: true, strictJsonSchema: true });
const jsonModeOnly = caps({ jsonObject: true });
const none = caps({});

describe('planOutputContract: the four outcomes', () => {
  it('passes through when no structured output is asked for', () => {
    for (const request of [{}, { responseFormat: { type: 'text' as const } }]) {
      expect(planOutputContract(full, request)).toEqual({
        action: 'passthrough',
        providerResponseFormat: undefined,
        syntheticInstruction: undefined,
        requiresValidJson: false,
        schema: undefined,
        schemaName: undefined,
        reason: undefined,
      });
    }
  });

  it('is supported natively when the provider enforces json_schema', () => {
    const plan = planOutputContract(full, { responseFormat: schemaFormat });
    expect(plan).toEqual({
      action: 'supported',
      providerResponseFormat: { type: 'json_schema', name: 'incident', schema, strict: true },
      syntheticInstruction: undefined,
      requiresValidJson: true,
      schema,
      schemaName: 'incident',
      reason: undefined,
    });
  });

  it('is supported natively for json_object on a provider with a JSON mode', () => {
    const plan = planOutputContract(jsonModeOnly, { responseFormat: { type: 'json_object' } });
    expect(plan.action).toBe('supported');
    expect(plan.providerResponseFormat).toEqual({ type: 'json_object' });
    expect(plan.syntheticInstruction).toBeUndefined();
    expect(plan.requiresValidJson).toBe(true);
  });

  it('degrades json_schema to json_object with a synthetic instruction carrying the schema', () => {
    const plan = planOutputContract(jsonModeOnly, { responseFormat: schemaFormat });
    expect(plan.action).toBe('degraded');
    expect(plan.providerResponseFormat).toEqual({ type: 'json_object' });
    expect(plan.requiresValidJson).toBe(true);
    expect(plan.schema).toBe(schema);
    const instruction = plan.syntheticInstruction ?? '';
    expect(instruction).toContain('"incident"');
    expect(instruction).toContain('The schema describes: An incident triage');
    expect(instruction).toContain('exactly one JSON object');
    expect(instruction).toContain('no comments, no trailing commas');
    expect(instruction).toContain(JSON.stringify(schema, null, 2));
    expect(plan.reason).toMatch(/degraded to json_object/);
  });

  it('rejects strict json_schema on a provider with neither json_schema nor json_object', () => {
    const plan = planOutputContract(none, { responseFormat: schemaFormat });
    expect(plan.action).toBe('rejected');
    expect(plan.providerResponseFormat).toBeUndefined();
    expect(plan.syntheticInstruction).toBeUndefined();
    expect(plan.reason).toMatch(/neither json_schema nor json_object/);
  });
});

describe('planOutputContract: the in-between cases', () => {
  it('degrades a non-strict json_schema on a bare provider to a prompt-only instruction', () => {
    const plan = planOutputContract(none, { responseFormat: { ...schemaFormat, strict: false } });
    expect(plan.action).toBe('degraded');
    expect(plan.providerResponseFormat).toBeUndefined();
    expect(plan.syntheticInstruction).toContain(JSON.stringify(schema, null, 2));
  });

  it('sends strict json_schema as a non-strict hint to a provider that cannot enforce it', () => {
    const plan = planOutputContract(caps({ jsonObject: true, jsonSchema: true }), { responseFormat: schemaFormat });
    expect(plan.action).toBe('degraded');
    expect(plan.providerResponseFormat).toEqual({ type: 'json_schema', name: 'incident', schema, strict: false });
    expect(plan.syntheticInstruction).toContain('"incident"');
  });

  it('keeps a non-strict json_schema native on a provider without strict enforcement', () => {
    const plan = planOutputContract(caps({ jsonSchema: true }), { responseFormat: { ...schemaFormat, strict: false } });
    expect(plan.action).toBe('supported');
    expect(plan.providerResponseFormat).toEqual({ type: 'json_schema', name: 'incident', schema, strict: false });
  });

  it('degrades json_object on a provider without a JSON mode (never rejected)', () => {
    const plan = planOutputContract(none, { responseFormat: { type: 'json_object' } });
    expect(plan.action).toBe('degraded');
    expect(plan.providerResponseFormat).toBeUndefined();
    expect(plan.syntheticInstruction).toContain('exactly one JSON object');
    expect(plan.schema).toBeUndefined();
  });

  it('plans from the shipped providers’ capability data', () => {
    expect(planOutputContract(providerCapabilities.openAIChat, { responseFormat: schemaFormat }).action).toBe(
      'supported',
    );
    expect(planOutputContract(providerCapabilities.anthropicMessages, { responseFormat: schemaFormat }).action).toBe(
      'rejected',
    );
  });
});
