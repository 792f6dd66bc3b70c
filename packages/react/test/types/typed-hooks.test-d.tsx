// Type tests (vitest typecheck): the hooks take only the paths of the store's data and return
// values of the type at that path; a computed path goes through `DynamicPath`.
import {
  createFieldStore,
  createResponse,
  type DynamicPath,
  defineOutput,
  type FieldState,
  type FieldStore,
  type ListItem,
  type ModelResponse,
  type Path,
  type ResponseSource,
} from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import {
  type ResponseHandle,
  type ResumableAnswer,
  useFinalData,
  useInstantField,
  useInstantList,
  useResponse,
  useStreamStatus,
} from '@fieldstream/react';
import { describe, expectTypeOf, test } from 'vitest';

const ticket = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  severity: [['low', 'high'], 'how bad', 'not_null'],
  score: ['integer', '0-10'],
  items: [{ name: ['string', '', 'not_null'], tags: [['string']] }],
  'due date': ['string'],
});
type Ticket = NonNullable<(typeof ticket)['$data']>;

const model = scriptedModel({ answers: ['{}'] });
const response = createResponse({ model, input: 'x', output: ticket });
const store = createFieldStore(response);

function Value<Data>({ source, path }: { source: FieldStore<Data>; path: Path<Data> }) {
  const field = useInstantField(source, path);
  return <span>{String(field.value)}</span>;
}

describe('createResponse → createFieldStore', () => {
  test('the store is typed by the output', () => {
    // The tuple DSL streams what it ends with: its input type is its data type.
    expectTypeOf(response).toEqualTypeOf<ModelResponse<Ticket, Ticket>>();
    expectTypeOf(store).toEqualTypeOf<FieldStore<Ticket>>();
  });

  test('an untyped source gives FieldStore<unknown>, or the type named for it', () => {
    const source = {} as ResponseSource;
    expectTypeOf(createFieldStore(source)).toEqualTypeOf<FieldStore<unknown>>();
    expectTypeOf(createFieldStore<Ticket>(source)).toEqualTypeOf<FieldStore<Ticket>>();
    expectTypeOf(createFieldStore()).toEqualTypeOf<FieldStore<unknown>>();
  });
});

describe('useInstantField', () => {
  test('returns the field typed by the value at the path', () => {
    expectTypeOf(useInstantField(store, 'summary')).toEqualTypeOf<FieldState<string>>();
    expectTypeOf(useInstantField(store, 'summary').value).toEqualTypeOf<string | undefined>();
    // An enum streams by append: any string until it completes.
    expectTypeOf(useInstantField(store, 'severity').value).toEqualTypeOf<string | undefined>();
    expectTypeOf(useInstantField(store, 'score').value).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(useInstantField(store, 'items[0].name').value).toEqualTypeOf<string | undefined>();
    expectTypeOf(useInstantField(store, 'items[1].tags').value).toEqualTypeOf<string[] | null | undefined>();
    expectTypeOf(useInstantField(store, '["due date"]').value).toEqualTypeOf<string | null | undefined>();
    // Containers are partial while they stream.
    expectTypeOf(useInstantField(store, 'items[0]').value).toEqualTypeOf<
      { name?: string; tags?: string[] | null } | undefined
    >();
  });

  test('a typo, a wildcard or an unquoted key does not compile', () => {
    // @ts-expect-error misspelt key
    useInstantField(store, 'sumary');
    // @ts-expect-error a field path takes an index, not [*] (lists: useInstantList)
    useInstantField(store, 'items[*].name');
    // @ts-expect-error a key with a space is written ["due date"]
    useInstantField(store, 'due date');
    // @ts-expect-error no such key below items[n]
    useInstantField(store, 'items[0].title');
  });

  test('template paths with a number compile; a plain string needs DynamicPath', () => {
    const index = 3 as number;
    expectTypeOf(useInstantField(store, `items[${index}].name`).value).toEqualTypeOf<string | undefined>();
    const computed: string = ['items', '0'].join('.');
    // @ts-expect-error a computed string is not checked unless it says so
    useInstantField(store, computed);
    expectTypeOf(useInstantField(store, computed as DynamicPath)).toEqualTypeOf<FieldState<unknown>>();
  });

  test('any path on an untyped store', () => {
    const loose = createFieldStore();
    expectTypeOf(useInstantField(loose, 'anything.at[0].all')).toEqualTypeOf<FieldState<unknown>>();
  });

  test('a generic component takes Path<Data>', () => {
    expectTypeOf(<Value source={store} path="items[2].name" />).not.toBeAny();
    // @ts-expect-error the path is checked against the store's data
    expectTypeOf(<Value source={store} path="items[2].nme" />).not.toBeAny();
  });
});

describe('useInstantList', () => {
  test('takes only list patterns and types item paths', () => {
    const items = useInstantList(store, 'items[*]');
    expectTypeOf(items).toEqualTypeOf<readonly ListItem<`items[${number}]`>[]>();
    const item = items[0] as ListItem<`items[${number}]`>;
    expectTypeOf(useInstantField(store, `${item.path}.name`).value).toEqualTypeOf<string | undefined>();
    expectTypeOf(useInstantList(store, 'items[0].tags[*]')).toEqualTypeOf<
      readonly ListItem<`items[0].tags[${number}]`>[]
    >();
    // @ts-expect-error summary is not a list
    useInstantList(store, 'summary[*]');
    // @ts-expect-error a pattern ends with [*]
    useInstantList(store, 'items');
    expectTypeOf(useInstantList(store, 'a[*]' as DynamicPath)).toEqualTypeOf<readonly ListItem<DynamicPath>[]>();
  });
});

describe('useFinalData and useResponse', () => {
  test('useFinalData is the validated data', () => {
    expectTypeOf(useFinalData(store)).toEqualTypeOf<Ticket | undefined>();
  });

  test('useResponse infers the data from the response it starts', () => {
    const handle = useResponse((signal, topic: string) =>
      createResponse({ model, input: topic, output: ticket, signal }),
    );
    expectTypeOf(handle).toEqualTypeOf<ResponseHandle<ModelResponse<Ticket, Ticket>, Ticket, [topic: string]>>();
    expectTypeOf(handle.store).toEqualTypeOf<FieldStore<Ticket>>();
    expectTypeOf(handle.start('x')).toEqualTypeOf<FieldStore<Ticket>>();
    expectTypeOf(useStreamStatus(handle.store).status).toBeString();
  });

  test('an untyped source gives an untyped store', () => {
    const handle = useResponse(() => ({}) as ResponseSource);
    expectTypeOf(handle.store).toEqualTypeOf<FieldStore<unknown>>();
  });

  test('with resume, start receives what to spread into fromPatchStream, and its arguments may be missing', () => {
    const auto = useResponse(
      (signal, resumable) => {
        expectTypeOf(resumable).toEqualTypeOf<ResumableAnswer>();
        return fromPatchStream<Ticket>({ url: '/api/answer', signal, ...resumable });
      },
      { startKey: 'printer', resume: { key: 'ticket-answer' } },
    );
    expectTypeOf(auto.store).toEqualTypeOf<FieldStore<Ticket>>();
    expectTypeOf(auto.start).parameters.toEqualTypeOf<[]>();
    // An attach after a reload passes no arguments: start's own must be optional.
    const onDemand = useResponse(
      (signal, resumable, question?: string) =>
        fromPatchStream<Ticket>({ url: '/api/answer', init: { body: question }, signal, ...resumable }),
      { resume: { key: 'ticket-answer', storage: localStorage } },
    );
    expectTypeOf(onDemand.start).parameters.toEqualTypeOf<[question?: string | undefined]>();
    // @ts-expect-error a required argument: the attach would call start without it
    useResponse((signal, resumable, question: string) => fromPatchStream({ url: question, signal, ...resumable }), {
      resume: { key: 'ticket-answer' },
    });
  });
});
