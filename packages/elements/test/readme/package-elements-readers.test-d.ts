// packages/elements/README.md, "Readers", verbatim: it must compile as written (no casts), and
// readme-examples.test.ts runs it (by importing this file).
import { createFieldStore, createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { watchFinalData, watchInstantField, watchStreamStatus } from '@fieldstream/elements';

const heading = document.createElement('h2');

const ticket = defineOutput({ summary: ['string', 'one line', 'not_null'], priority: ['integer'] });
const model = scriptedModel({ answers: ['{"summary": "Printer jams", "priority": 2}'] });
const response = createResponse({ model, input: 'printer', output: ticket });
const store = createFieldStore(response);

const stops = [
  watchInstantField(store, 'summary', (field) => {
    heading.textContent = field.value ?? ''; // text, never HTML
    heading.dataset.complete = String(field.isComplete);
  }),
  watchStreamStatus(store, ({ status, attempt }) => {
    heading.dataset.status = status;
    heading.dataset.attempt = String(attempt + 1);
  }),
  watchFinalData(store, (final) => {
    if (final !== undefined) heading.title = `priority ${final.priority}`;
  }),
];
response.start();
// When the heading goes away:
const stop = () => {
  for (const unwatch of stops) unwatch();
};

export { heading, stop };
