// packages/core/README.md, "@fieldstream/core/worker", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createFieldStore, defineOutput } from '@fieldstream/core';
import { createWorkerResponse } from '@fieldstream/core/worker';

const output = defineOutput({ title: ['string', 'title', true], tags: [['string', 'a tag']] });
const response = createWorkerResponse({
  model: { provider: 'openAIChat', baseURL: '/api', model: 'gpt-4o-mini' },
  input: 'Summarise the ticket',
  output,
  validate: (data) => (data.tags ?? []).length > 0 || { ok: false, reason: 'add at least one tag' },
});
const store = createFieldStore(response);

import type { FieldStore } from '@fieldstream/core';
expectTypeOf(store).toEqualTypeOf<FieldStore<{ title: string | null; tags?: string[] | null | undefined }>>();
