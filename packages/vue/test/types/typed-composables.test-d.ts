// Type tests (vitest typecheck): the composables take only the paths of the store's data, as values,
// refs or getters, and return refs of the type at that path; a computed path goes through `DynamicPath`.
import {
  createFieldStore,
  createResponse,
  type DynamicPath,
  defineOutput,
  type FieldState,
  type FieldStore,
  type ListItem,
} from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import {
  type ResponseHandle,
  type StatusSnapshot,
  useFinalData,
  useInstantField,
  useInstantList,
  useResponse,
  useStreamStatus,
} from '@fieldstream/vue';
import { describe, expectTypeOf, test } from 'vitest';
import { type Ref, ref } from 'vue';

const ticket = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  score: ['integer', '0-10'],
  items: [{ name: ['string', '', 'not_null'] }],
});
type Ticket = NonNullable<(typeof ticket)['$data']>;

const model = scriptedModel({ answers: ['{}'] });
const store = createFieldStore(createResponse({ model, input: 'x', output: ticket }));

describe('typed paths', () => {
  test('a field ref has the type at its path, from a store, a ref or a getter of one', () => {
    expectTypeOf(useInstantField(store, 'summary')).toEqualTypeOf<Readonly<Ref<FieldState<string>>>>();
    expectTypeOf(useInstantField(ref(store), 'score').value.value).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(useInstantField(() => store, 'items[0].name').value.value).toEqualTypeOf<string | undefined>();
  });

  test('a path that is not in the data does not compile; a computed one goes through DynamicPath', () => {
    // @ts-expect-error: no such field
    useInstantField(store, 'summry');
    expectTypeOf(useInstantField(store, 'anything' as DynamicPath).value.value).toEqualTypeOf<unknown>();
  });

  test('list items carry typed paths', () => {
    const items = useInstantList(store, 'items[*]');
    expectTypeOf(items).toEqualTypeOf<Readonly<Ref<readonly ListItem<`items[${number}]`>[]>>>();
    // @ts-expect-error: summary is no list
    useInstantList(store, 'summary[*]');
  });

  test('final data, status and useResponse are typed by the response', () => {
    expectTypeOf(useFinalData(store)).toEqualTypeOf<Readonly<Ref<Ticket | undefined>>>();
    expectTypeOf(useStreamStatus(store)).toEqualTypeOf<Readonly<Ref<StatusSnapshot>>>();
    const handle = useResponse((signal, question: string) =>
      createResponse({ model, input: question, output: ticket, signal }),
    );
    expectTypeOf(handle.start).parameters.toEqualTypeOf<[question: string]>();
    expectTypeOf(handle.store.value).toEqualTypeOf<FieldStore<Ticket, Ticket>>();
    expectTypeOf(handle).toMatchTypeOf<ResponseHandle<unknown, Ticket, [string]>>();
  });
});
