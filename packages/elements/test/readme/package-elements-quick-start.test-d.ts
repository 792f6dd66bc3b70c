// packages/elements/README.md, "Quick start", verbatim: it must compile as written (no casts), and
// readme-examples.test.ts runs it (by importing this file).
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import '@fieldstream/elements/define';

const incident = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  steps: [['string', 'what to do next']],
});
const model = scriptedModel({ answers: ['{"summary": "Checkout is slow", "steps": ["Scale the pool"]}'] });

document.body.innerHTML = `
  <fieldstream-form>
    <fieldstream-progress></fieldstream-progress>
    <p>Now: <fieldstream-field path="summary"></fieldstream-field></p>
  </fieldstream-form>`;

const form = document.querySelector('fieldstream-form');
const progress = document.querySelector('fieldstream-progress');
if (form && progress) {
  form.output = incident;
  progress.output = incident;
  // Starts now, and again each time `start` is set; aborted when the form leaves the page.
  form.start = (signal) => createResponse({ model, input: 'Checkout is slow', output: incident, signal });
}
