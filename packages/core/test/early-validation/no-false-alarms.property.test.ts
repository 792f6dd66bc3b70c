// Decision 0022's promise: a field is judged early only when its value can no longer change, so an
// answer that passes the final validation never triggers early validation, under every chunking and
// every format (tuple DSL and zod outputs; `not_null` marks, schema rules and field validators that
// sometimes fail). And an answer that fails at the end still fails with early validation on.
import {
  createResponse,
  defineOutput,
  type FieldValidators,
  type Model,
  type OutputSchema,
  type StreamedResponse,
} from '@fieldstream/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataSet } from '../format-independence/support/data-set';
import { renderers } from '../format-independence/support/renderers';
import { splitAt } from '../support/chunkings';

// The checks load on demand; loaded once here so every response judges fields as they stream.
beforeAll(() => import('../../src/response/field-checks'));

const dsl = defineOutput(
  {
    title: ['string', 'the title', 'not_null'],
    body: ['string', 'the body, with code'],
    count: ['integer'],
    active: ['boolean'],
    tags: [['string', 'a tag']],
    records: [{ name: ['string', 'a name', 'not_null'], note: ['string'], size: ['number'] }],
  },
  { ensure: { 'records[*].note': 'presence' } },
);
const zodOutput = z.object({
  title: z.string(),
  body: z.string(),
  count: z.number().int().max(800),
  active: z.boolean(),
  tags: z.array(z.string().max(60)),
  records: z.array(z.object({ name: z.string(), note: z.string(), size: z.number().min(-100_000) })),
});
const validateField: FieldValidators = {
  'records[*].note': (value) => !String(value).startsWith('🚀') || { ok: false, reason: 'no rocket first' },
  'tags[*]': async (value) => String(value) !== '<b>' || { ok: false, reason: 'no markup tags' },
};
const outputs: readonly { name: string; output: OutputSchema<unknown> }[] = [
  { name: 'tuple DSL', output: dsl },
  { name: 'zod', output: zodOutput as OutputSchema<unknown> },
];

/** A model that writes `chunks` on every attempt. */
function repeating(chunks: readonly string[]): Model {
  return async function* () {
    for (const delta of chunks) yield { type: 'text', delta };
  };
}

async function settle(response: StreamedResponse<unknown>): Promise<'passed' | 'failed'> {
  return response.getData().then(
    () => 'passed',
    () => 'failed',
  );
}

describe('early validation never fires on an answer that passes at the end (fast-check)', () => {
  const decoration = fc.record({
    think: fc.boolean(),
    preamble: fc.boolean(),
    fence: fc.boolean(),
    trailing: fc.boolean(),
  });
  const cuts = fc.array(fc.nat(), { maxLength: 40 });

  for (const { name, output } of outputs) {
    it(`${name}: every format, every chunking`, async () => {
      let passing = 0;
      let failing = 0;
      let stoppedEarly = 0;
      await fc.assert(
        fc.asyncProperty(dataSet, decoration, cuts, async (data, decorate, cutsAt) => {
          for (const renderer of renderers) {
            const text = renderer.render(data, decorate);
            const chunks = splitAt(
              text,
              cutsAt.map((cut) => cut % (text.length + 1)),
            );
            const options = { input: 'x', output, format: renderer.format, validateField };
            const atEnd = createResponse({
              ...options,
              model: repeating(chunks),
              maxRetries: 0,
              earlyValidation: false,
            });
            const early = createResponse({ ...options, model: repeating(chunks), maxRetries: 1 });
            const [endVerdict, earlyVerdict] = await Promise.all([settle(atEnd), settle(early)]);
            const judgedEarly = early.events.filter(
              (event) => event.type === 'model.validation_failed' && event.stage === 'field' && event.attempt === 0,
            );
            if (endVerdict === 'passed') {
              passing++;
              expect(judgedEarly).toEqual([]);
              expect(earlyVerdict).toBe('passed');
            } else {
              failing++;
              if (judgedEarly.length > 0) stoppedEarly++;
              expect(earlyVerdict).toBe('failed');
            }
          }
        }),
        { numRuns: 60 },
      );
      // Both kinds of answer were generated: the property is not vacuous.
      expect(passing).toBeGreaterThan(30);
      expect(failing).toBeGreaterThan(30);
      // And early validation did stop failing answers, in the text formats too. Not all of them: a
      // rule broken only by a missing field or a cross-field rule is judged at the end. The share
      // varies with the generated data (0.29 to over 0.5 over seeds; a third failed about one
      // seed in 13), so the bound is a fifth.
      expect(stoppedEarly).toBeGreaterThan(failing / 5);
    });
  }
});
