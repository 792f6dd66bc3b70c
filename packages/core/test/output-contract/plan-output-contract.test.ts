import { defineOutput, type ProviderCapabilities } from '@fieldstream/core';
import { planOutputContract, providerCapabilities } from '@fieldstream/core/kits';
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
const lax = { ...schemaFormat, strict: false };

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
const row = (plan: ReturnType<typeof planOutputContract>) => [
  plan.action,
  plan.providerResponseFormat,
  plan.syntheticInstruction === undefined ? undefined : 'instruction',
  plan.requiresValidJson,
];

// Seed godex-output-contract.txt, 规划决策: scenario | action | providerResponseFormat |
// syntheticInstruction | requiresValidJson.
describe('planOutputContract: the seed table', () => {
  it('format rejected by the provider → rejected, undefined, undefined, false', () => {
    expect(row(planOutputContract(none, { responseFormat: schemaFormat }))).toEqual([
      'rejected',
      undefined,
      undefined,
      false,
    ]);
    expect(row(planOutputContract(none, { responseFormat: lax }))).toEqual(['rejected', undefined, undefined, false]);
    expect(row(planOutputContract(none, { responseFormat: { type: 'json_object' } }))).toEqual([
      'rejected',
      undefined,
      undefined,
      false,
    ]);
    expect(planOutputContract(none, { responseFormat: schemaFormat }).reason).toBe(
      'the provider supports neither json_schema nor json_object',
    );
  });

  it('json_schema not requested → passthrough with the original format, false', () => {
    for (const capabilities of [full, jsonModeOnly]) {
      expect(row(planOutputContract(capabilities, { responseFormat: { type: 'json_object' } }))).toEqual([
        'passthrough',
        { type: 'json_object' },
        undefined,
        false,
      ]);
    }
    for (const capabilities of [full, none]) {
      expect(row(planOutputContract(capabilities, { responseFormat: { type: 'text' } }))).toEqual([
        'passthrough',
        { type: 'text' },
        undefined,
        false,
      ]);
      // No format at all: nothing to pass.
      expect(row(planOutputContract(capabilities, {}))).toEqual(['passthrough', undefined, undefined, false]);
    }
  });

  it('json_schema supported natively → supported with the original json_schema, false', () => {
    expect(planOutputContract(full, { responseFormat: schemaFormat })).toEqual({
      action: 'supported',
      providerResponseFormat: { type: 'json_schema', name: 'incident', schema, strict: true },
      syntheticInstruction: undefined,
      requiresValidJson: false,
      schema,
      schemaName: 'incident',
      reason: undefined,
    });
    // A lax schema on a provider that takes schemas without enforcing them is still native.
    expect(row(planOutputContract(caps({ jsonSchema: true }), { responseFormat: lax }))).toEqual([
      'supported',
      { type: 'json_schema', name: 'incident', schema, strict: false },
      undefined,
      false,
    ]);
  });

  it('json_schema degraded to json_object → degraded, json_object, the instruction, true only when strict', () => {
    expect(row(planOutputContract(jsonModeOnly, { responseFormat: schemaFormat }))).toEqual([
      'degraded',
      { type: 'json_object' },
      'instruction',
      true,
    ]);
    expect(row(planOutputContract(jsonModeOnly, { responseFormat: lax }))).toEqual([
      'degraded',
      { type: 'json_object' },
      'instruction',
      false,
    ]);
    // A strict schema on a provider that cannot enforce schemas degrades the same way.
    expect(
      row(planOutputContract(caps({ jsonObject: true, jsonSchema: true }), { responseFormat: schemaFormat })),
    ).toEqual(['degraded', { type: 'json_object' }, 'instruction', true]);
  });

  it('the synthetic instruction carries the name, the description, the JSON rules and the whole schema', () => {
    const plan = planOutputContract(jsonModeOnly, { responseFormat: schemaFormat });
    const instruction = plan.syntheticInstruction ?? '';
    expect(instruction).toContain('"incident"');
    expect(instruction).toContain('The schema describes: An incident triage');
    expect(instruction).toContain('exactly one JSON object');
    expect(instruction).toContain('no comments, no trailing commas');
    expect(instruction).toContain(JSON.stringify(schema, null, 2));
    expect(plan.schema).toBe(schema);
    expect(plan.reason).toBe('the provider has a JSON mode but no schemas: json_schema degraded to json_object');
  });
});

describe('planOutputContract: prompt-only degradation (explicit option)', () => {
  it('degrades what the seed rejects to the instruction alone, requiring valid JSON', () => {
    for (const responseFormat of [schemaFormat, lax]) {
      const plan = planOutputContract(none, { responseFormat }, { promptOnly: true });
      expect(row(plan)).toEqual(['degraded', undefined, 'instruction', true]);
      expect(plan.syntheticInstruction).toContain(JSON.stringify(schema, null, 2));
    }
    const object = planOutputContract(none, { responseFormat: { type: 'json_object' } }, { promptOnly: true });
    expect(row(object)).toEqual(['degraded', undefined, 'instruction', true]);
    expect(object.syntheticInstruction).toContain('exactly one JSON object');
  });

  it('changes nothing where the provider can do it', () => {
    expect(planOutputContract(full, { responseFormat: schemaFormat }, { promptOnly: true })).toEqual(
      planOutputContract(full, { responseFormat: schemaFormat }),
    );
    expect(planOutputContract(jsonModeOnly, { responseFormat: lax }, { promptOnly: true })).toEqual(
      planOutputContract(jsonModeOnly, { responseFormat: lax }),
    );
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
