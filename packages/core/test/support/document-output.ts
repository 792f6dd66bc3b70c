// The schema every format's edge-case documents are written against, so the suites compare alike.
import { defineOutput } from '@fieldstream/core';

export const documentOutput = defineOutput({
  summary: ['string', 'one-line status'],
  code: ['string', 'a snippet'],
  score: ['integer', '0-10'],
  ok: ['boolean'],
  tags: [['string', 'a tag']],
  items: [{ name: ['string'], qty: ['number'] }],
});
