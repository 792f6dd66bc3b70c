// The README's worker snippet, verbatim (after the names it takes from the tour).
import { createFieldStore, defineOutput } from '@fieldstream/core';
import { createWorkerResponse } from '@fieldstream/core/worker';

declare const input: string;
const output = defineOutput({ status_summary: ['string', 'one-line status', true] });

const response = createWorkerResponse({
  model: { provider: 'openAIChat', baseURL: '/api', model: 'gpt-4o-mini' },
  input,
  output,
  validate: (data) => data.status_summary !== '' || { ok: false, reason: 'say what happened' },
});
const workerStore = createFieldStore(response);
export { workerStore };
