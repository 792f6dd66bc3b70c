import {
  createResponse,
  defineOutput,
  type Model,
  OutputContractError,
  type ProviderCapabilities,
  type ResponseEvent,
} from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { scripted } from '../response/model-helpers';

const ticket = defineOutput({ summary: ['string', 'one line', 'not_null'], score: ['integer', '0-10', true] });
const schema = ticket.toJSONSchema({ strict: true });
const schemaFormat = {
  type: 'json_schema' as const,
  name: 'ticket',
  description: 'A ticket triage',
  schema,
  strict: true,
};
const full: ProviderCapabilities = { jsonObject: true, jsonSchema: true, strictJsonSchema: true, reasoning: false };
const jsonModeOnly: ProviderCapabilities = { ...full, jsonSchema: false, strictJsonSchema: false };
const bare: ProviderCapabilities = { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: false };
const good = '{"summary": "ok", "score": 3}';
/** A response for the ticket schema under the json_schema contract, on a provider with `capabilities`. */
const ticketResponse = (model: Model, capabilities: ProviderCapabilities) =>
  createResponse({ model, input: 'x', output: ticket, responseFormat: schemaFormat, capabilities });
const requirement = (prompt = '') => prompt.split('[OUTPUT REQUIREMENT]\n')[1]?.split('\n\n[')[0] ?? '';

describe('createResponse with a responseFormat', () => {
  it('sends a natively supported json_schema and asks for json', async () => {
    const model = scripted([good]);
    const response = ticketResponse(model, full);
    expect(await response.getData()).toEqual({ summary: 'ok', score: 3 });
    expect(model.requests[0]?.responseFormat).toEqual({ type: 'json_schema', name: 'ticket', schema, strict: true });
    expect(model.requests[0]?.format).toBe('json');
    expect(requirement(model.requests[0]?.prompt)).toMatch(/^Answer with one JSON value/);
  });

  it('degrades json_schema to json_object and puts the synthetic instruction in the prompt', async () => {
    const model = scripted([good]);
    const response = ticketResponse(model, jsonModeOnly);
    await response.getData();
    expect(model.requests[0]?.responseFormat).toEqual({ type: 'json_object' });
    const text = requirement(model.requests[0]?.prompt);
    expect(text).toContain('must match the schema "ticket"');
    expect(text).toContain('The schema describes: A ticket triage');
    expect(model.requests[0]?.prompt).toContain(JSON.stringify(schema, null, 2));
  });

  it('rejects a strict contract the provider cannot meet, without calling the model', async () => {
    const model = scripted([good]);
    const response = ticketResponse(model, bare);
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputContractError);
    expect(error).toMatchObject({ code: 'OUTPUT_CONTRACT_REJECTED', diagnostic: undefined });
    expect(model.requests).toHaveLength(0);
    expect(response.status).toBe('error');
    // Without capabilities the provider is assumed to have no structured output at all.
    const unknown = createResponse({ model, input: 'x', output: ticket, responseFormat: schemaFormat });
    await expect(unknown.getData()).rejects.toMatchObject({ code: 'OUTPUT_CONTRACT_REJECTED' });
  });

  it('passes a text response format through untouched', async () => {
    const model = scripted(['plain words']);
    const response = createResponse({ model, input: 'x', responseFormat: { type: 'text' }, capabilities: full });
    expect(await response.getData()).toBe('plain words');
    expect(model.requests[0]?.responseFormat).toEqual({ type: 'text' });
    expect(model.requests[0]?.format).toBe('text');
  });

  it('asks for JSON in words for a json_object contract without a schema', async () => {
    const model = scripted(['{"anything": [1, 2]}']);
    const response = createResponse({ model, input: 'x', responseFormat: { type: 'json_object' }, capabilities: full });
    expect(await response.getData()).toEqual({ anything: [1, 2] });
    expect(model.requests[0]?.responseFormat).toEqual({ type: 'json_object' });
    expect(requirement(model.requests[0]?.prompt)).toContain('read by a program as JSON');
  });

  it('accepts a fenced answer under a natively supported schema (the provider guarantees the JSON)', async () => {
    const model = scripted(['```json\n{"summary": "ok", "score": 3}\n```']);
    expect(await ticketResponse(model, full).getData()).toEqual({ summary: 'ok', score: 3 });
    expect(model.requests).toHaveLength(1);
  });

  it('retries a degraded strict contract whose final text is not plain JSON, quoting the diagnostic', async () => {
    const model = scripted(['```json\n{"summary": "ok", "score": 3}\n```'], [good]);
    const response = ticketResponse(model, jsonModeOnly);
    expect(await response.getData()).toEqual({ summary: 'ok', score: 3 });
    expect(response.events.find((event) => event.type === 'model.validation_failed')).toMatchObject({
      stage: 'output_contract',
      validation_payload: { code: 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT', path: 'response.output_text' },
    });
    expect(response.events.find((event) => event.type === 'model.retrying')).toMatchObject({
      retry_reason: 'output_contract_failed',
    });
    expect(model.requests[1]?.prompt).toContain('could not be accepted: output_text is not valid JSON');
  });

  it('ends in a failed status with the diagnostic when every attempt breaks the contract', async () => {
    const wrongType = '{"summary": "ok", "score": "high"}';
    const model = scripted([wrongType], [wrongType]);
    const response = createResponse({
      model,
      input: 'x',
      output: ticket,
      responseFormat: schemaFormat,
      capabilities: jsonModeOnly,
      maxRetries: 1,
      raiseEnsureFailure: false,
    });
    const history: ResponseEvent[] = [];
    response.subscribe((event) => history.push(event));
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputContractError);
    expect(error).toMatchObject({
      code: 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT',
      rawText: wrongType,
      attempt: 1,
      diagnostic: {
        code: 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT',
        severity: 'error',
        path: 'response.output_text',
        message: 'output_text does not match the schema "ticket": score: expected integer or null, got string',
      },
    });
    expect(history.slice(-2)).toEqual([
      { type: 'error', attempt: 1, error },
      { type: 'status', attempt: 1, status: 'error' },
    ]);
  });

  it('refuses a text format together with a JSON contract', () => {
    expect(() =>
      createResponse({ model: scripted(), input: 'x', output: ticket, format: 'hybrid', responseFormat: schemaFormat }),
    ).toThrow(/needs the json format/);
  });
});
