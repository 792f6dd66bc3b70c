// A plain Node ESM script: no bundler, no TypeScript. Prints the final data as one JSON line.
import * as core from '@fieldstream/core';
import { createFieldStore, createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk']],
});
const answer = { status_summary: 'Checkout latency back to normal', risk_flags: ['stale caches'] };
const response = createResponse({
  model: scriptedModel({ answers: [JSON.stringify(answer)], chunkSize: 5 }),
  input: 'How is checkout?',
  output: incident,
  format: 'json',
});
const store = createFieldStore(response);

let patches = 0;
for await (const _patch of response.instant()) patches += 1;
const data = await response.getData();
// scriptedModel has one home, the testing entry: the main entry does not export it.
const scriptedModelInMain = 'scriptedModel' in core;
console.log(JSON.stringify({ data, patches: patches > 0, status: store.getState().status, scriptedModelInMain }));
