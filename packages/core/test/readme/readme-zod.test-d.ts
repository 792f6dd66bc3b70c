// The README's zod snippet, verbatim (after the names it takes from the tour: createResponse,
// model, input): the data type is the schema's output, down to the store.
import { createFieldStore, createResponse, type FieldStore, type Model } from '@fieldstream/core';
import { expectTypeOf } from 'vitest';

declare const model: Model;
declare const input: string;

import { z } from 'zod';

const Incident = z.object({
  status_summary: z.string().nullable().describe('one-line status'),  // ensure: presence
  risk_flags: z.array(z.string().min(1).describe('a risk')).min(1),   // ensure: not_null
  meta: z.object({ score: z.int().min(0).max(10).optional(), ok: z.boolean().optional() }).optional(),
  customer_reply: z.string().min(1).max(600).describe('reply to the customer'),
});

const response = createResponse({ model, input, output: Incident }); // or defineOutput(Incident)
const data = await response.getData();                                // z.output<typeof Incident>

expectTypeOf(data).toEqualTypeOf<z.output<typeof Incident>>();
expectTypeOf(createFieldStore(response)).toEqualTypeOf<FieldStore<z.output<typeof Incident>>>();
