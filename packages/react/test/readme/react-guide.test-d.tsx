// The React guide's snippets (docs/guides/react.md), verbatim and in order: they must compile
// as written. readme-snippets.test.ts checks that each one appears here.
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { LiveForm, useFinalData, useInstantField, useResponse, useStreamStatus } from '@fieldstream/react';

const ticket = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  severity: [['low', 'high'], 'how bad', 'not_null'],
  score: ['integer', '0-10'],
  steps: [{ title: ['string', 'what to do', 'not_null'], done: ['boolean'] }],
  'due date': ['string', 'when'],
});

const model = scriptedModel({
  answers: ['{"summary": "Printer jams", "severity": "low", "steps": [{"title": "Open tray 2"}]}'],
});

function TicketPanel({ question }: { question: string }) {
  // The store is a FieldStore<Ticket>: useResponse infers the data from the response it starts.
  const { store } = useResponse((signal) => createResponse({ model, input: question, output: ticket, signal }), {
    startKey: question,
  });
  const { status } = useStreamStatus(store);
  const summary = useInstantField(store, 'summary'); // value: string | undefined
  const score = useInstantField(store, 'score'); // value: number | null | undefined
  const final = useFinalData(store); // the validated data, or undefined until it arrives
  return (
    <section data-status={status}>
      <h2>{summary.value}</h2>
      <p>Score: {score.value ?? '–'}</p>
      {final === undefined ? null : <p>{final.steps?.length ?? 0} steps</p>}
      <LiveForm output={ticket} store={store} />
    </section>
  );
}

import type { FieldStore } from '@fieldstream/core';
import { useInstantList } from '@fieldstream/react';

type Ticket = NonNullable<(typeof ticket)['$data']>;

function Steps({ store }: { store: FieldStore<Ticket> }) {
  const items = useInstantList(store, 'steps[*]');
  return (
    <ol>
      {items.map((item) => (
        <Step key={item.key} store={store} path={item.path} />
      ))}
    </ol>
  );
}

function Step({ store, path }: { store: FieldStore<Ticket>; path: `steps[${number}]` }) {
  const title = useInstantField(store, `${path}.title`); // value: string | undefined
  return <li>{title.value}</li>;
}

import type { Path } from '@fieldstream/core';

function LiveText<Data>({ store, path }: { store: FieldStore<Data>; path: Path<Data> }) {
  const field = useInstantField(store, path);
  return <span data-complete={field.isComplete}>{String(field.value ?? '')}</span>;
}

const steps = (store: FieldStore<Ticket>) => <LiveText store={store} path="steps[0].title" />;

import type { DynamicPath } from '@fieldstream/core';

function AnyField({ store, name }: { store: FieldStore<Ticket>; name: string }) {
  const field = useInstantField(store, name as DynamicPath); // FieldState<unknown>
  return <span>{String(field.value ?? '')}</span>;
}

// What the guide says about the types, checked.
import { expectTypeOf } from 'vitest';
import type { FieldState } from '@fieldstream/core';

function GuideTypes({ store }: { store: FieldStore<Ticket> }) {
  expectTypeOf(useInstantField(store, 'summary').value).toEqualTypeOf<string | undefined>();
  expectTypeOf(useInstantField(store, 'score').value).toEqualTypeOf<number | null | undefined>();
  expectTypeOf(useInstantField(store, 'severity').value).toEqualTypeOf<string | undefined>();
  expectTypeOf(useFinalData(store)?.severity).toEqualTypeOf<'low' | 'high' | undefined>();
  expectTypeOf(useInstantField(store, '["due date"]').value).toEqualTypeOf<string | null | undefined>();
  expectTypeOf(useInstantField(store, 'a.b' as DynamicPath)).toEqualTypeOf<FieldState<unknown>>();
  // @ts-expect-error not in the schema
  useInstantField(store, 'sumary');
  // @ts-expect-error wrong parent
  useInstantField(store, 'steps.title');
  // @ts-expect-error [*] is for lists
  useInstantField(store, 'steps[*].title');
  // @ts-expect-error a key that needs quoting
  useInstantField(store, 'due date');
  // @ts-expect-error the path is checked where the reusable component is used
  const wrong = <LiveText store={store} path="steps[0].titel" />;
  return [wrong, <TicketPanel key="p" question="q" />, <Steps key="s" store={store} />, steps(store), <AnyField key="a" store={store} name="x" />];
}
export { GuideTypes };
