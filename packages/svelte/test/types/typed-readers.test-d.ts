// Type tests (vitest typecheck): the readers take only the paths of the store's data and their
// `current` has the type at that path; a computed path goes through `DynamicPath`.
import {
  createFieldStore,
  createResponse,
  type DynamicPath,
  defineOutput,
  type FieldState,
  type FieldStore,
  type ListItem,
  type ModelResponse,
} from '@fieldstream/core';
import type { ResumableAnswer } from '@fieldstream/core/bindings';
import { scriptedModel } from '@fieldstream/core/testing';
import {
  finalData,
  instantField,
  instantList,
  type LiveResponse,
  liveResponse,
  type Reader,
  type StatusSnapshot,
  streamStatus,
} from '@fieldstream/svelte';
import { describe, expectTypeOf, test } from 'vitest';

const ticket = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  score: ['integer', '0-10'],
  items: [{ name: ['string', '', 'not_null'], tags: [['string']] }],
  'due date': ['string'],
});
type Ticket = NonNullable<(typeof ticket)['$data']>;

const model = scriptedModel({ answers: ['{}'] });
const store = createFieldStore(createResponse({ model, input: 'x', output: ticket }));

describe('instantField', () => {
  test('current is the field typed by the value at the path', () => {
    expectTypeOf(instantField(store, 'summary')).toEqualTypeOf<Reader<FieldState<string>>>();
    expectTypeOf(instantField(store, 'score').current.value).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(instantField(store, 'items[0].name').current.value).toEqualTypeOf<string | undefined>();
    expectTypeOf(instantField(store, '["due date"]').current.value).toEqualTypeOf<string | null | undefined>();
  });

  test('a typo, a wildcard or an unquoted key does not compile; a computed path says DynamicPath', () => {
    // @ts-expect-error misspelt key
    instantField(store, 'sumary');
    // @ts-expect-error a field path takes an index, not [*] (lists: instantList)
    instantField(store, 'items[*].name');
    // @ts-expect-error a key with a space is written ["due date"]
    instantField(store, 'due date');
    const computed: string = 'summary';
    // @ts-expect-error a computed string is not checked unless it says so
    instantField(store, computed);
    expectTypeOf(instantField(store, computed as DynamicPath).current).toEqualTypeOf<FieldState<unknown>>();
  });
});

describe('instantList', () => {
  test('takes only list patterns and types item paths', () => {
    const items = instantList(store, 'items[*]').current;
    expectTypeOf(items).toEqualTypeOf<readonly ListItem<`items[${number}]`>[]>();
    const item = items[0] as ListItem<`items[${number}]`>;
    expectTypeOf(instantField(store, `${item.path}.name`).current.value).toEqualTypeOf<string | undefined>();
    // @ts-expect-error summary is not a list
    instantList(store, 'summary[*]');
    // @ts-expect-error a pattern ends with [*]
    instantList(store, 'items');
  });
});

describe('the other readers and liveResponse', () => {
  test('finalData is the validated data; streamStatus a StatusSnapshot', () => {
    expectTypeOf(finalData(store).current).toEqualTypeOf<Ticket | undefined>();
    expectTypeOf(streamStatus(store).current).toEqualTypeOf<StatusSnapshot>();
  });

  test('liveResponse infers the data from the response it starts', () => {
    const run = liveResponse((signal, topic: string) =>
      createResponse({ model, input: topic, output: ticket, signal }),
    );
    expectTypeOf(run).toEqualTypeOf<LiveResponse<ModelResponse<Ticket, Ticket>, Ticket, [topic: string]>>();
    expectTypeOf(run.store).toEqualTypeOf<FieldStore<Ticket>>();
    expectTypeOf(run.start('x')).toEqualTypeOf<FieldStore<Ticket>>();
    expectTypeOf(instantField(run.store, 'summary').current.value).toEqualTypeOf<string | undefined>();
  });

  test('with resume, start receives what to spread into fromPatchStream', () => {
    const run = liveResponse(
      (signal, resumable) => {
        expectTypeOf(resumable).toEqualTypeOf<ResumableAnswer>();
        return createResponse({ model, input: 'x', output: ticket, signal });
      },
      { resume: { key: 'ticket-answer' }, startKey: () => 'x' },
    );
    expectTypeOf(run.store).toEqualTypeOf<FieldStore<Ticket>>();
  });
});
