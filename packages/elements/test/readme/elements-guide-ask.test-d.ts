// docs/guides/elements.md, "A live form, started by the user", verbatim: it must compile as written (no casts), and
// elements-guide.test.ts runs it (by importing this file).
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import '@fieldstream/elements/define';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', 'not_null'],
  affected_services: [['string', 'a service']],
});
const model = scriptedModel({
  answers: ['{"status_summary": "Payments degraded", "affected_services": ["checkout", "refunds"]}'],
  delayMs: 5,
});

document.body.innerHTML = `
  <input id="question" value="What is down?">
  <button type="button" id="ask">Ask</button>
  <button type="button" id="stop">Stop</button>
  <fieldstream-form>
    <fieldstream-status></fieldstream-status>
    <fieldstream-progress></fieldstream-progress>
  </fieldstream-form>`;

const form = document.querySelector('fieldstream-form');
const progress = document.querySelector('fieldstream-progress');
const question = document.querySelector<HTMLInputElement>('#question');
if (form && progress && question) {
  form.output = incident;
  progress.output = incident;
  // Each click starts a response and aborts the running one: a new `start` is React's new startKey.
  document.querySelector('#ask')?.addEventListener('click', () => {
    form.start = (signal) => createResponse({ model, input: question.value, output: incident, signal });
  });
  document.querySelector('#stop')?.addEventListener('click', () => form.abort());
}
