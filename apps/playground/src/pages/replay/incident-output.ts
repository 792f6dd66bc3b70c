import { defineOutput } from '@fieldstream/core';

/** The schema of the recorded run (`fixtures/incident-run.recording.json`): the customer reply is ensured. */
export const incident = defineOutput({
  status_summary: ['string', 'one-line status'],
  risk_flags: [['string', 'a risk']],
  customer_reply: ['string', 'what we tell the customer', true],
});
