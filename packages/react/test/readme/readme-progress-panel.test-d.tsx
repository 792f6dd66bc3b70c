// The README's progress panel, verbatim (after the names it takes from the tour: createResponse,
// incident, model, input). It compiles without a cast, and readme-examples.test.tsx renders it.
// packages/core/test/readme/readme-snippets.test.ts checks that every README snippet appears in one of these files.
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk', 'not_null']],
});
// The first attempt leaves out the required summary: the response asks again.
const model = scriptedModel({
  answers: ['{"risk_flags": ["refunds"]}', '{"status_summary": "EU card payments degraded", "risk_flags": ["refunds"]}'],
});
const input = 'Payments are failing.';

import { FieldProgress, useResponse, useStreamStatus } from '@fieldstream/react';

function IncidentProgress() {
  const { store, start } = useResponse((signal) =>
    createResponse({ model, input, output: incident, maxRetries: 2, signal }),
  );
  const { status, attempt, retry } = useStreamStatus(store); // attempt: 0 for the first
  return (
    <section>
      <button type="button" onClick={() => start()}>Run</button>
      <p>
        {status}, attempt {attempt + 1}
        {retry === undefined ? '' : ` (retried: ${retry.reason})`}
      </p>
      <FieldProgress output={incident} store={store} />
    </section>
  );
}
export { IncidentProgress };
