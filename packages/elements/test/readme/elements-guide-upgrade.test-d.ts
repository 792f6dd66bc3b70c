// docs/guides/elements.md, "Upgrading markup", verbatim: it must compile as written (no casts), and
// elements-guide.test.ts runs it (by importing this file).
import { createFieldStore, createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { defineFieldstreamElements } from '@fieldstream/elements';

// Markup from a server template, before any element is defined: the browser keeps it as it is.
document.body.innerHTML = `
  <fieldstream-form>
    <p>Now: <fieldstream-field path="summary"></fieldstream-field></p>
  </fieldstream-form>`;

const incident = defineOutput({ summary: ['string', 'one line', 'not_null'] });
const model = scriptedModel({ answers: ['{"summary": "Checkout is slow"}'] });
const response = createResponse({ model, input: 'status?', output: incident });

const form = document.querySelector('fieldstream-form');
if (form) {
  // Set before the upgrade: the element takes these over when it is defined.
  form.output = incident;
  form.store = createFieldStore(response);
}
defineFieldstreamElements(); // the markup upgrades and draws
response.start();

export { response };
