// The README's thirty-line tour written with zod: the same fields, ensure levels and data.
import { createFieldStore, createResponse, defineOutput, selectFormat } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const Incident = z.object({
  status_summary: z.string().nullable().describe('one-line status'),
  risk_flags: z.array(z.string().min(1).describe('a risk')).min(1),
  meta: z.object({ score: z.int().min(0).max(10).optional(), ok: z.boolean().optional() }).optional(),
  customer_reply: z.string().min(1).max(600).describe('reply to the customer'),
});

const incident = {
  status_summary: 'Card payments failing for 3% of EU customers since 09:12.',
  risk_flags: ['revenue loss', 'support load'],
  meta: { score: 7, ok: false },
};

/** The answer in the hybrid format `auto` picks: a `### key` section per field, non-strings as fenced JSON. */
function hybridAnswer(fields: Record<string, unknown>): string {
  const fence = '```';
  return Object.entries(fields)
    .map(([key, value]) =>
      typeof value === 'string'
        ? `### ${key}\n${value}`
        : `### ${key}\n${fence}json\n${JSON.stringify(value)}\n${fence}`,
    )
    .join('\n\n');
}

describe('the README tour with zod', () => {
  it('compiles to the same ensure levels as the tuple version', () => {
    const output = defineOutput(Incident);
    expect(selectFormat(output)).toBe('hybrid');
    expect(output.ensureKeys).toEqual({
      status_summary: 'presence',
      risk_flags: 'not_null',
      customer_reply: 'not_null',
    });
  });

  it('streams, retries the too-long reply zod rejects, and ends in typed data', async () => {
    const prompts: string[] = [];
    const model = scriptedModel({
      chunkSize: [1, 9],
      answers: (request) => {
        prompts.push(request.prompt);
        const reply = request.attempt === 0 ? 'x'.repeat(601) : 'We are fixing a payment problem.';
        return hybridAnswer({ ...incident, customer_reply: reply });
      },
    });
    const response = createResponse({ model, input: 'Payments are failing.', output: Incident });
    const store = createFieldStore(response);
    const data = await response.getData();
    expectTypeOf(data).toEqualTypeOf<z.output<typeof Incident>>();
    expect(data).toEqual({ ...incident, customer_reply: 'We are fixing a payment problem.' });
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toMatch(
      /could not be accepted: customer_reply: Too big: expected string to have <=600 characters/,
    );
    expect(store.getState().status).toBe('done');
  });
});
