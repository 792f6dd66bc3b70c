// packages/core/README.md, "@fieldstream/core/kits", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse } from '@fieldstream/core';
import { defineContract } from '@fieldstream/core/kits';
import { scriptedModel } from '@fieldstream/core/testing';

const contract = defineContract({
  name: 'support_answer',
  version: '1.0.0',
  fields: { answer: { type: 'string', nullable: true, description: 'the reply; null unless answered' } },
  statuses: {
    answered: { kind: 'business', meaning: 'the question was answered', actions: { ui: 'show the answer' } },
    need_more_info: { kind: 'business', meaning: 'details are missing', actions: { ui: 'ask for them' } },
  },
  consumers: { ui: { description: 'the chat widget', reads: ['status', 'answer'] } },
});

const response = createResponse({
  model: scriptedModel({ answers: ['{"schema_version": "1.0.0", "status": "answered", "answer": "Tomorrow."}'] }),
  input: 'Where is my parcel?',
  instruct: contract.instructions(),
  output: contract.output,
  format: 'json',
  validate: contract.validators(),
});
const final = await response.getData();
console.log(final.status, contract.route(final).actions); // 'answered' { ui: 'show the answer' }

expectTypeOf(final.status).toEqualTypeOf<'answered' | 'need_more_info'>();
