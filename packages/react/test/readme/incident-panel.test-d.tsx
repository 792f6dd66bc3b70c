// The README's React snippet, verbatim (after the names it takes from the tour: createResponse,
// incident, model, input). It compiles without a cast: the store is typed by the schema.
import { createResponse, defineOutput, type Model } from '@fieldstream/core';
import { expectTypeOf } from 'vitest';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk', 'not_null']],
  meta: { score: ['integer', '0-10'], ok: ['boolean'] },
  customer_reply: ['string', 'reply to the customer', 'not_null'],
});
declare const model: Model;
declare const input: string;

import { LiveForm, useInstantField, useResponse, useStreamStatus } from '@fieldstream/react';

function IncidentPanel() {
  const { store, start, abort } = useResponse((signal) =>
    createResponse({ model, input, output: incident, signal }),
  );
  const status = useStreamStatus(store);                 // idle | streaming | retrying (+ retry.reason) | done | …
  const summary = useInstantField(store, 'status_summary'); // re-renders only for this path
  return (
    <>
      <button type="button" onClick={() => start()}>Ask</button> <button type="button" onClick={abort}>Stop</button>
      <p data-status={status.status}>{summary.value}</p>
      <LiveForm output={incident} store={store} />
    </>
  );
}

// What the snippet relies on, checked.
function IncidentPanelTypes() {
  const { store } = useResponse((signal) => createResponse({ model, input, output: incident, signal }));
  const summary = useInstantField(store, 'status_summary');
  expectTypeOf(summary.value).toEqualTypeOf<string | null | undefined>();
  // @ts-expect-error a misspelt path does not compile
  useInstantField(store, 'status_sumary');
  return <IncidentPanel />;
}
export { IncidentPanelTypes };
