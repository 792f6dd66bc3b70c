// The schema the form cases lay out: a scalar, an object of two scalars, and a list of objects.
import { defineOutput } from '@fieldstream/core';

export const incident = defineOutput({
  summary: ['string', 'one-line status'],
  meta: { score: ['integer', '0-10'], owner: ['string'] },
  steps: [{ title: ['string'], done: ['boolean'] }],
});
