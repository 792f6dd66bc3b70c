// The React guide's snippet on streamed values (docs/guides/react.md, "Values while they stream"),
// verbatim: it must compile as written. readme-snippets.test.ts checks that it appears here.
import { createResponse } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { LiveForm, useFinalData, useInstantField, useResponse } from '@fieldstream/react';
import { expectTypeOf } from 'vitest';

const model = scriptedModel({ answers: ['{"title": "v0.2", "tags": "alpha,beta"}'] });

import type { FieldStore, InferInput, InferOutput } from '@fieldstream/core';
import { z } from 'zod';

const Release = z.object({
  title: z.string(),
  tags: z.string().transform((text) => text.split(',')), // "alpha,beta" in, ["alpha", "beta"] out
});
type ReleaseStore = FieldStore<InferOutput<typeof Release>, InferInput<typeof Release>>;

function Tags({ store }: { store: ReleaseStore }) {
  const tags = useInstantField(store, 'tags'); // value: string | string[] | undefined
  const final = useFinalData(store); // final?.tags: string[]
  if (typeof tags.value === 'string') return <p>{tags.value}</p>; // "alpha,b" mid-stream
  return <p>{(final?.tags ?? tags.value ?? []).join(' · ')}</p>;
}

function ReleasePanel() {
  const { store } = useResponse((signal) => createResponse({ model, input: 'v0.2', output: Release, signal }));
  const release: ReleaseStore = store; // the response's store, told what streams
  return (
    <>
      <LiveForm output={Release} store={release} />
      <Tags store={release} />
    </>
  );
}

expectTypeOf(ReleasePanel).returns.not.toBeAny();
export function useReleaseTypes(store: ReleaseStore): void {
  expectTypeOf(useInstantField(store, 'tags').value).toEqualTypeOf<string | string[] | undefined>();
  expectTypeOf(useFinalData(store)?.tags).toEqualTypeOf<string[] | undefined>();
  // @ts-expect-error mid-stream the value may be the text the model writes
  useInstantField(store, 'tags').value?.map((tag) => tag);
}
