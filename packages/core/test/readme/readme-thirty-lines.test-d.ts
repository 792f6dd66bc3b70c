// The README's thirty-line tour, verbatim: it must compile as written (no casts), and the types
// it promises ("Types are inferred") hold from the schema to the store.
import type { FieldStore } from '@fieldstream/core';
import { expectTypeOf } from 'vitest';

import { createFieldStore, createResponse, defineOutput, hybridFormat, openAIChat, registerFormat } from '@fieldstream/core';

// json and text are built in; register the other formats your app uses, once (or pass `formats`).
registerFormat(hybridFormat);

// 1. The shape you want, Agently style: [type, description?, ensure?]. Types are inferred.
const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],           // ensure: presence
  risk_flags: [['string', 'a risk', 'not_null']],                // a list of strings
  meta: { score: ['integer', '0-10'], ok: ['boolean'] },
  customer_reply: ['string', 'reply to the customer', 'not_null'],
});

// 2. One model response: the prompt asks for the format `auto` picks (hybrid here).
const response = createResponse({
  model: openAIChat({ baseURL: '/api', model: 'gpt-4.1-mini' }),
  input: 'Payments are failing for 3% of EU customers since 09:12.',
  output: incident,
  validate: [(data) => data.customer_reply.length < 600 || { ok: false, reason: 'reply too long' }],
});

// 3. Field-level patches while it streams…
for await (const patch of response.instant()) console.log(patch.path, patch.delta, patch.event_type);
// 4. …and one parse + validation (+ retries), cached: a second call makes no request.
const data = await response.getData();

// In a UI: a zustand vanilla store that follows attempts and reconciles with the final data.
const store = createFieldStore(response);

type Incident = {
  status_summary: string | null;
  customer_reply: string;
  risk_flags?: string[] | null;
  meta?: { score?: number | null; ok?: boolean | null } | null;
};
expectTypeOf(data).toEqualTypeOf<Incident>();
expectTypeOf(store).toEqualTypeOf<FieldStore<Incident>>();
expectTypeOf(store.getState().final).toEqualTypeOf<Incident | undefined>();
