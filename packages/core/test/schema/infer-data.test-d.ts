// Type tests (vitest typecheck project `types`, and `npm run typecheck`).
import { defineOutput, type InferData } from '@fieldstream/core';
import { expectTypeOf } from 'vitest';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk', 'not_null']],
  meta: { score: ['integer', '0-10'], ok: ['boolean'] },
  severity: [['low', 'high'], 'how bad', 'not_null'],
  customer_reply: ['string', 'reply to the customer', 'not_null'],
  items: [{ name: ['string', '', 'not_null'], qty: ['number'] }],
});

type Incident = NonNullable<(typeof incident)['$data']>;

expectTypeOf<Incident>().toEqualTypeOf<{
  status_summary: string | null;
  severity: 'low' | 'high';
  customer_reply: string;
  risk_flags?: string[] | null;
  meta?: { score?: number | null; ok?: boolean | null } | null;
  items?: { name: string; qty?: number | null }[] | null;
}>();

expectTypeOf<InferData<readonly [readonly ['number']]>>().toEqualTypeOf<number[]>();
expectTypeOf<InferData<readonly ['any']>>().toEqualTypeOf<unknown>();
