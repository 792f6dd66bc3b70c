import {
  createFieldStore,
  createResponse,
  defineOutput,
  type ModelRequest,
  type ObservationEvent,
  ValidationError,
} from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const evenTotal = '{"title": "Q3 plan", "lines": [{"item": "desk", "qty": 2}], "total": 4}';
const oddTotal = '{"title": "Q3 plan", "lines": [{"item": "desk", "qty": 3}], "total": 5}';

/** A model that records every request and answers `answers[attempt]`. */
function recordingModel(answers: readonly string[]) {
  const requests: ModelRequest[] = [];
  const model = scriptedModel({
    chunkSize: [1, 9],
    answers: (request) => {
      requests.push(request);
      return answers[Math.min(request.attempt, answers.length - 1)] as string;
    },
  });
  return { model, requests };
}

// The same order schema, with one refinement (the total must be even), in each library.
const schemas = {
  zod: z.object({
    title: z.string().describe('Order title'),
    lines: z.array(z.object({ item: z.string(), qty: z.number() })),
    total: z.number().refine((n) => n % 2 === 0, 'total must be even'),
  }),
  valibot: toStandardJsonSchema(
    v.object({
      title: v.pipe(v.string(), v.description('Order title')),
      lines: v.array(v.object({ item: v.string(), qty: v.number() })),
      total: v.pipe(
        v.number(),
        v.check((n) => n % 2 === 0, 'total must be even'),
      ),
    }),
  ),
  arktype: type({
    title: 'string',
    lines: type({ item: 'string', qty: 'number' }).array(),
    total: type('number').narrow((n, ctx) => n % 2 === 0 || ctx.mustBe('even')),
  }),
};

describe.each(Object.entries(schemas))('a %s schema end to end through scriptedModel', (vendor, schema) => {
  it('streams the fields and resolves the validated data', async () => {
    const { model, requests } = recordingModel([evenTotal]);
    // The schema's own stage at the end (its field rules judged while streaming: test/early-validation/).
    const response = createResponse({
      model,
      input: 'plan Q3',
      output: schema,
      format: 'json',
      earlyValidation: false,
    });
    const store = createFieldStore(response);
    const data = await response.getData();
    expect(data).toEqual({ title: 'Q3 plan', lines: [{ item: 'desk', qty: 2 }], total: 4 });
    expect(store.getState().data).toEqual(data);
    expect(store.getState().status).toBe('done');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.prompt).toContain('title');
  });

  it('retries a failing refinement with the issue and its path in the correction block', async () => {
    const { model, requests } = recordingModel([oddTotal, evenTotal]);
    // The schema's own stage at the end (its field rules judged while streaming: test/early-validation/).
    const response = createResponse({
      model,
      input: 'plan Q3',
      output: schema,
      format: 'json',
      earlyValidation: false,
    });
    const observed: ObservationEvent[] = [];
    response.observe((event) => observed.push(event));
    expect(await response.getData()).toEqual({ title: 'Q3 plan', lines: [{ item: 'desk', qty: 2 }], total: 4 });
    expect(requests).toHaveLength(2);
    expect(requests[0]?.prompt).not.toContain('[OUTPUT CORRECTION]');
    expect(requests[1]?.prompt).toContain('[OUTPUT CORRECTION]');
    expect(requests[1]?.prompt).toMatch(/could not be accepted: total: .*even/);
    const failed = observed.find((event) => event.type === 'model.validation_failed');
    expect(failed).toMatchObject({ stage: 'validator', validator_name: 'schema', attempt: 0 });
    expect((failed as { validation_payload: unknown }).validation_payload).toEqual([
      { path: 'total', message: expect.stringMatching(/even/) },
    ]);
    const retrying = observed.find((event) => event.type === 'model.retrying');
    expect(retrying).toMatchObject({ retry_reason: 'validation_failed', validator_name: 'schema' });
    expect(vendor).toBe(defineOutput(schema).standard?.vendor);
  });

  it('throws a ValidationError naming the schema stage when the budget runs out', async () => {
    const { model } = recordingModel([oddTotal]);
    const response = createResponse({ model, input: 'plan', output: schema, format: 'json', maxRetries: 1 });
    const error = await response.getData().then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).validatorName).toBe('schema');
    expect((error as ValidationError).message).toMatch(/total: .*even/);
  });
});

describe('Standard Schema specifics', () => {
  it('runs the schema last: after ensure and custom validators, and yields its value (zod defaults, key stripping)', async () => {
    const order: string[] = [];
    const schema = z.object({ name: z.string(), tier: z.string().default('free') });
    const model = scriptedModel({ answers: ['{"name": "Ada", "extra": 1}'] });
    const response = createResponse({
      model,
      input: 'x',
      output: schema,
      format: 'json',
      validate: (data) => {
        order.push(`validator saw ${JSON.stringify(data)}`);
        return true;
      },
    });
    const data = await response.getData();
    expectTypeOf(data).toEqualTypeOf<{ name: string; tier: string }>();
    expect(order).toEqual(['validator saw {"name":"Ada","extra":1}']);
    expect(data).toEqual({ name: 'Ada', tier: 'free' });
  });

  it('a required field that is missing fails ensure before the schema runs', async () => {
    const { model, requests } = recordingModel(['{"title": "x"}', '{"title": "x", "n": 1}']);
    const response = createResponse({ model, input: 'x', output: z.object({ title: z.string(), n: z.number() }) });
    expect(await response.getData()).toEqual({ title: 'x', n: 1 });
    expect(requests[1]?.prompt).toContain('Required fields are missing or empty: n is missing');
  });

  it('accepts a plain JSON Schema as output, with no validator of its own', async () => {
    const model = scriptedModel({ answers: ['{"city": "Oslo", "zip": null}'] });
    const response = createResponse<{ city: string; zip: string | null }>({
      model,
      input: 'x',
      format: 'json',
      output: {
        type: 'object',
        properties: { city: { type: 'string' }, zip: { type: ['string', 'null'] } },
        required: ['city', 'zip'],
      },
    });
    expect(await response.getData()).toEqual({ city: 'Oslo', zip: null });
  });
});
