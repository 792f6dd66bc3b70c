// packages/react/README.md, "Hooks", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, defineOutput, type FieldStore } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { FieldText, useFinalData, useInstantField, useInstantList, useReasoning, useResponse, useStreamStatus } from '@fieldstream/react';

const ticket = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  steps: [{ title: ['string', 'what to do', 'not_null'], done: ['boolean'] }],
});
type Ticket = NonNullable<(typeof ticket)['$data']>;
const model = scriptedModel({ answers: ['{"summary": "Printer jams", "steps": [{"title": "Open tray 2"}]}'], delayMs: 20 });

function TicketView() {
  const { store } = useResponse((signal) => createResponse({ model, input: 'printer', output: ticket, format: 'json', signal }), {
    startKey: 'printer',
  });
  const { status, attempt, error, retry } = useStreamStatus(store);
  const summary = useInstantField(store, 'summary'); // value: string | undefined
  const final = useFinalData(store); // Ticket | undefined
  const reasoning = useReasoning(store);
  return (
    <section data-status={status}>
      {attempt > 0 ? <p>Retry {attempt}{retry?.reason === undefined ? '' : ` (${retry.reason})`}</p> : null}
      {error === undefined ? null : <p role="alert">{error.code}: {error.message}</p>}
      <h2 data-complete={summary.isComplete} data-stale={summary.stale}>
        <FieldText value={summary.value} />
      </h2>
      <Steps store={store} />
      {reasoning === '' ? null : <details><summary>Reasoning</summary>{reasoning}</details>}
      {final === undefined ? null : <p>{final.steps?.length ?? 0} steps, validated</p>}
    </section>
  );
}

function Steps({ store }: { store: FieldStore<Ticket> }) {
  const items = useInstantList(store, 'steps[*]');
  return <ol>{items.map((item) => <Step key={item.key} store={store} path={item.path} />)}</ol>;
}

function Step({ store, path }: { store: FieldStore<Ticket>; path: `steps[${number}]` }) {
  const title = useInstantField(store, `${path}.title`); // checked against the schema
  return <li>{title.value}</li>;
}

export { TicketView };
expectTypeOf<Ticket['summary']>().toEqualTypeOf<string>();
