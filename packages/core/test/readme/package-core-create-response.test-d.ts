// packages/core/README.md, "One model answer", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, defineOutput, hybridFormat, openAIChat, registerFormat } from '@fieldstream/core';

registerFormat(hybridFormat); // json and text are built in; register the others once

const reply = defineOutput({
  summary: ['string', 'one-line status', true],
  customer_reply: ['string', 'reply to the customer', 'not_null'],
});

const response = createResponse({
  model: openAIChat({ baseURL: '/api', model: 'gpt-4.1-mini' }), // your proxy adds the key
  input: 'Payments are failing for 3% of EU customers since 09:12.',
  instruct: 'Write the status and a short reply.',
  output: reply,
  validate: (data) => data.customer_reply.length < 600 || { ok: false, reason: 'reply too long' },
  maxRetries: 2,
  retry: { baseDelayMs: 1000, maxDelayMs: 60_000 },
});

const stop = response.observe((event) => {
  if (event.type === 'model.retrying') console.warn('retrying:', event.retry_reason, event.validation_reason);
});
for await (const text of response.deltas()) console.log(text); // the raw answer text
const data = await response.getData(); // { summary: string | null; customer_reply: string }
const meta = await response.getMeta(); // { resolvedFormat: 'hybrid', attempts: 1, usage, … }
stop();

expectTypeOf(data).toEqualTypeOf<{ summary: string | null; customer_reply: string }>();
expectTypeOf(meta.attempts).toEqualTypeOf<number>();
