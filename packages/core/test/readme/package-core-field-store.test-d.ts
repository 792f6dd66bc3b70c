// packages/core/README.md, "The field store", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createFieldStore, createResponse, defineOutput, fieldPhase } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';

const plan = defineOutput({ title: ['string', 'title', true], steps: [['string', 'a step']] });
const response = createResponse({
  model: scriptedModel({ answers: ['{"title": "Ship it", "steps": ["test", "tag"]}'], delayMs: 20 }),
  input: 'plan the release',
  output: plan,
  format: 'json',
});
const store = createFieldStore(response, { onRetry: 'clear' });

// Only updates that may change `title` reach this listener.
const stop = store.subscribePath('title', (state) => {
  const title = store.getField('title');
  console.log(state.status, fieldPhase(title), title.value);
});
await response.getData();
console.log(store.getState().final?.steps); // ['test', 'tag']
stop();

expectTypeOf(store.getState().final).toEqualTypeOf<{ title: string | null; steps?: string[] | null | undefined } | undefined>();
