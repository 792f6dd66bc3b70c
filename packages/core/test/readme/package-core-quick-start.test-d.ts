// packages/core/README.md, "Quick start, no API key", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createFieldStore, createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk']],
});

// A scripted model replays an answer in 8-character chunks; swap in openAIChat(...) for a real one.
const model = scriptedModel({ answers: ['{"status_summary": "EU card payments degraded", "risk_flags": ["refunds"]}'] });
const response = createResponse({ model, input: 'Payments fail for 3% of EU customers.', output: incident, format: 'json' });
const store = createFieldStore(response); // follows the response: per-path state for a UI

for await (const patch of response.instant()) console.log(patch.path, patch.event_type, patch.delta);
const data = await response.getData(); // { status_summary: string | null; risk_flags?: string[] | null }
console.log(data.status_summary, store.getState().status, store.getState().data);

expectTypeOf(data.status_summary).toEqualTypeOf<string | null>();
expectTypeOf(data.risk_flags).toEqualTypeOf<string[] | null | undefined>();
