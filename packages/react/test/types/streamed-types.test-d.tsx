// Type tests (vitest typecheck): two types per schema, each where it is true. What streams is the
// schema's input side, partial (`useInstantField`, `useInstantList`); the output (after
// transforms, defaults and pipes) arrives only with the final data (`getData`, `useFinalData`).
import {
  createFieldStore,
  createResponse,
  defineOutput,
  type FieldState,
  type FieldStore,
  type InferInput,
  type InferOutput,
  type InferStreamed,
  type ListItem,
} from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import {
  FieldProgress,
  LiveForm,
  useFinalData,
  useInstantField,
  useInstantList,
  useResponse,
} from '@fieldstream/react';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import { Release } from '../support/release-schema';

type ReleaseIn = z.input<typeof Release>;
type ReleaseOut = z.output<typeof Release>;

const model = scriptedModel({ answers: ['{}'] });
const response = createResponse({ model, input: 'x', output: Release });
// A response carries the output type only: the store is told what streams.
const store: FieldStore<ReleaseOut, ReleaseIn> = createFieldStore(response);

describe('InferInput, InferOutput, InferStreamed', () => {
  test('a Standard Schema: its input and output sides', () => {
    expectTypeOf<InferInput<typeof Release>>().toEqualTypeOf<ReleaseIn>();
    expectTypeOf<InferOutput<typeof Release>>().toEqualTypeOf<ReleaseOut>();
    expectTypeOf<InferInput<typeof Release>['tags']>().toEqualTypeOf<string>();
    expectTypeOf<InferOutput<typeof Release>['tags']>().toEqualTypeOf<string[]>();
    expectTypeOf<InferStreamed<typeof Release>['tags']>().toEqualTypeOf<string | undefined>();
  });

  test('defineOutput keeps both', () => {
    const definition = defineOutput(Release);
    expectTypeOf<InferInput<typeof definition>>().toEqualTypeOf<ReleaseIn>();
    expectTypeOf<InferOutput<typeof definition>>().toEqualTypeOf<ReleaseOut>();
    // createResponse takes the definition, and its data is the output.
    expectTypeOf(
      createResponse({ model, input: 'x', output: definition }).getData(),
    ).resolves.toEqualTypeOf<ReleaseOut>();
    expectTypeOf(response.getData()).resolves.toEqualTypeOf<ReleaseOut>();
  });

  test('the tuple DSL: one type for both', () => {
    const ticket = defineOutput({ summary: ['string', '', 'not_null'], tags: [['string']] });
    type Ticket = { summary: string; tags?: string[] | null };
    expectTypeOf<InferOutput<typeof ticket>>().toEqualTypeOf<Ticket>();
    expectTypeOf<InferInput<typeof ticket>>().toEqualTypeOf<Ticket>();
  });

  test('valibot and arktype: input and output of their pipes', () => {
    const vali = toStandardJsonSchema(
      v.object({
        tags: v.pipe(
          v.string(),
          v.transform((text) => text.split(',')),
        ),
        level: v.optional(v.number(), 1),
      }),
    );
    expectTypeOf<InferInput<typeof vali>>().toEqualTypeOf<{ tags: string; level?: number | undefined }>();
    expectTypeOf<InferOutput<typeof vali>>().toEqualTypeOf<{ tags: string[]; level: number }>();
    const ark = type({ tags: type('string').pipe((text) => text.split(',')) });
    expectTypeOf<InferInput<typeof ark>>().toEqualTypeOf<{ tags: string }>();
    expectTypeOf<InferOutput<typeof ark>>().toEqualTypeOf<{ tags: string[] }>();
  });

  test('a JSON Schema document: unknown both ways', () => {
    const document = { type: 'object', properties: { a: { type: 'string' } } } as const;
    expectTypeOf<InferOutput<typeof document>>().toBeUnknown();
    expectTypeOf<InferInput<typeof document>>().toBeUnknown();
  });
});

describe('while streaming: the input, partial', () => {
  test('a transform: the streamed string until the final list replaces it', () => {
    const tags = useInstantField(store, 'tags');
    expectTypeOf(tags.value).toEqualTypeOf<string | string[] | undefined>();
    // @ts-expect-error mid-stream the value is the text the model writes ("alpha,b"), not a list
    tags.value?.map((tag) => tag);
    if (typeof tags.value === 'string') expectTypeOf(tags.value.split(',')).toEqualTypeOf<string[]>();
  });

  test('the final data is the output', () => {
    const data = useFinalData(store);
    expectTypeOf(data).toEqualTypeOf<ReleaseOut | undefined>();
    expectTypeOf(data?.tags.map((tag) => tag.toUpperCase())).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(data?.reviewers).toEqualTypeOf<number | undefined>();
  });

  test('defaults, optional and nullable keys; enums stream as text', () => {
    // A default is filled in by the validator: the model may leave the key out.
    expectTypeOf(useInstantField(store, 'reviewers').value).toEqualTypeOf<number | undefined>();
    expectTypeOf(useInstantField(store, 'risk').value).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(useInstantField(store, 'notes').value).toEqualTypeOf<string | undefined>();
    // 'stable' streams as 'sta' first.
    expectTypeOf(useInstantField(store, 'channel').value).toEqualTypeOf<string | undefined>();
    // @ts-expect-error a streamed enum is any string until it completes
    const channel: 'stable' | 'beta' | undefined = useInstantField(store, 'channel').value;
    expectTypeOf(channel).not.toBeAny();
  });

  test('nested lists: items and their transformed fields', () => {
    const changes = useInstantList(store, 'changes[*]');
    expectTypeOf(changes).toEqualTypeOf<readonly ListItem<`changes[${number}]`>[]>();
    const change = changes[0] as ListItem<`changes[${number}]`>;
    const ids = useInstantField(store, `${change.path}.ids`);
    expectTypeOf(ids.value).toEqualTypeOf<string | number[] | undefined>();
    // @ts-expect-error the ids stream as text ("12 4"), numbers only in the final data
    ids.value?.map((id) => id + 1);
    expectTypeOf(useInstantField(store, 'changes[0]').value).toEqualTypeOf<
      { area?: string; ids?: string } | { area?: string; ids?: number[] } | undefined
    >();
    // A transform's output has paths its input has not: empty until the final data.
    expectTypeOf(useInstantField(store, 'tags[0]')).toEqualTypeOf<FieldState<string>>();
    expectTypeOf(useInstantList(store, 'changes[0].ids[*]')).toEqualTypeOf<
      readonly ListItem<`changes[0].ids[${number}]`>[]
    >();
    // @ts-expect-error no such key on either side
    useInstantField(store, 'changes[0].title');
  });

  test('a store made from the response takes the input from the schema, nothing named', () => {
    const inferred = createFieldStore(response);
    expectTypeOf(inferred).toEqualTypeOf<FieldStore<ReleaseOut, ReleaseIn>>();
    expectTypeOf(useInstantField(inferred, 'tags').value).toEqualTypeOf<string | string[] | undefined>();
    // @ts-expect-error while streaming, tags may still be the string the model writes
    useInstantField(inferred, 'tags').value?.map((tag) => tag);
    expectTypeOf(useFinalData(inferred)).toEqualTypeOf<ReleaseOut | undefined>();
  });

  test('useResponse: the handle’s store streams the input and ends with the output, nothing named', () => {
    const run = useResponse((signal) => createResponse({ model, input: 'x', output: Release, signal }));
    expectTypeOf(run.store).toEqualTypeOf<FieldStore<InferOutput<typeof Release>, InferInput<typeof Release>>>();
    expectTypeOf(useInstantField(run.store, 'tags').value).toEqualTypeOf<string | string[] | undefined>();
    // @ts-expect-error while streaming, tags may still be the string the model writes
    useInstantField(run.store, 'tags').value?.map((tag) => tag);
    expectTypeOf(useFinalData(run.store)).toEqualTypeOf<ReleaseOut | undefined>();
  });
});

describe('components take every schema createResponse takes', () => {
  test('a zod schema, a definition, a JSON Schema document', () => {
    expectTypeOf(<LiveForm output={Release} store={store} />).not.toBeAny();
    expectTypeOf(<FieldProgress output={Release} store={store} />).not.toBeAny();
    expectTypeOf(<LiveForm output={defineOutput(Release)} store={store} />).not.toBeAny();
    const document = { type: 'object', properties: { a: { type: 'string' } } } as const;
    expectTypeOf(<LiveForm output={document} store={createFieldStore()} />).not.toBeAny();
    // @ts-expect-error not a schema
    expectTypeOf(<LiveForm output={{ summary: 'string' }} store={store} />).not.toBeAny();
  });
});
