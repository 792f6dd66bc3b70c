// packages/core/README.md, "Describe the output", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { defineOutput, type InferOutput } from '@fieldstream/core';

const ticket = defineOutput(
  {
    summary: ['string', 'one line', 'not_null'],
    severity: [['low', 'high'], 'how bad', true],
    steps: [{ title: ['string', 'what to do'], minutes: ['integer', 'how long'] }],
    meta: { owner: ['string'], urgent: ['boolean'] },
  },
  { ensure: ['steps[*].title'] },
);

type Ticket = InferOutput<typeof ticket>; // the inferred data type
const schema = ticket.toJSONSchema({ strict: true }); // JSON Schema 2020-12 for native structured output
console.log(ticket.ensureKeys); // { summary: 'not_null', severity: 'presence', 'steps[*].title': 'presence' }

import type { JsonSchema } from '@fieldstream/core';
expectTypeOf<Ticket['summary']>().toEqualTypeOf<string>();
expectTypeOf<Ticket['severity']>().toEqualTypeOf<'low' | 'high' | null>();
expectTypeOf(schema).toEqualTypeOf<JsonSchema>();
