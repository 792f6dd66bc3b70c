import { createResponse, defineOutput, type StreamingData, type Validator } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// Output through a tool against the JSON answer, under any chunking: the same patches (every path's
// deltas, values and done, in order), the same data or error, the same observations.

const ticket = defineOutput({ title: ['string', 'title', 'not_null'], tags: [['string']], urgent: ['boolean'] });
const answers = [
  '{"title": "Disk \\u2014 full 😀", "tags": ["db", "p1"], "urgent": true}',
  '{"title": "", "tags": [], "urgent": false}',
  '{"title": "x", "tags": ["a"], "urgent": tru',
  'not json',
];
const needsTags: Validator<unknown> = {
  name: 'needs-tags',
  validate: (data) => ((data as { tags?: string[] }).tags ?? []).length > 0 || { ok: false, reason: 'tags' },
};

async function observe(viaTool: boolean, script: string[], chunkSize: number) {
  const response = createResponse({
    model: scriptedModel({ answers: script, chunkSize }),
    input: 'x',
    output: ticket,
    format: 'json',
    maxRetries: 1,
    validate: [needsTags],
    // Exact patch sequences of two reads: how much of an early-rejected attempt streams depends on
    // when the field checks' module loads (decision 0022), so both judge at the end.
    earlyValidation: false,
    ...(viaTool ? { outputTool: true } : {}),
  });
  const patches: StreamingData[] = [];
  response.subscribe((event) => {
    if (event.type === 'patch') patches.push(event.data);
  });
  const outcome = await response.getData().then(
    (data) => ({ data }),
    (error: Error) => ({ error: error.name }),
  );
  return { patches, outcome, observations: response.events.map((event) => event.type) };
}

describe('output through a tool = the JSON answer', () => {
  it('patches, outcome and observations match under every chunking (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...answers), { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 40 }),
        async (script, chunkSize) => {
          const json = await observe(false, script, chunkSize);
          const tool = await observe(true, script, chunkSize);
          expect(tool).toEqual(json);
        },
      ),
      { numRuns: 60 },
    );
  });
});
