// A zod schema as the output: its transforms and defaults reach the data, and ensure follows what
// the schema makes optional.
import { createFieldStore, type EnsureError } from '@fieldstream/core';
import { z } from 'zod';
import type { BehaviourCase } from './behaviour-spec';
import { caught, errorRecord, rejection } from './observations';

/** A list and an object the schema lets the model leave out, whose items and fields have required keys. */
const optionalParts = z.object({
  title: z.string(),
  steps: z.array(z.object({ name: z.string(), minutes: z.number() })).optional(),
  owner: z.object({ name: z.string(), hours: z.number() }).nullable().optional(),
});

export const zodSchemaCases: BehaviourCase[] = [
  {
    name: "a zod schema's transforms and defaults reach getData() and the store's final data",
    spec: {
      answers: ['{"tags": "a,b"}'],
      output: z.object({ tags: z.string().transform((tags) => tags.split(',')), count: z.number().default(1) }),
      format: 'json',
    },
    async run(response) {
      const store = createFieldStore(response);
      const data = await response.getData();
      return { data, final: store.getState().final, streamedTags: store.getState().streamed };
    },
    expected: {
      data: { tags: ['a', 'b'], count: 1 },
      final: { tags: ['a', 'b'], count: 1 },
      streamedTags: { tags: 'a,b' },
    },
  },
  {
    name: 'a zod schema: an optional list and an optional, nullable object left out or empty pass ensure (nothing to ensure)',
    spec: {
      answers: ['{"title": "Fix", "steps": [], "owner": null}'],
      output: optionalParts,
      format: 'json',
      maxRetries: 0,
    },
    async run(response) {
      const first = await response.getData();
      return { first, error: await rejection(response.getData()) };
    },
    expected: { first: { title: 'Fix', steps: [], owner: null }, error: undefined },
  },
  {
    name: 'a zod schema: the optional list and object omitted pass ensure',
    spec: { answers: ['{"title": "Fix"}'], output: optionalParts, format: 'json', maxRetries: 0 },
    async run(response) {
      return { data: await response.getData() };
    },
    expected: { data: { title: 'Fix' } },
  },
  {
    name: 'a zod schema: an item of the optional list without a required key still fails ensure, naming it',
    spec: {
      answers: ['{"title": "Fix", "steps": [{"name": "a", "minutes": 3}, {"name": "b"}], "owner": {"name": "Ada"}}'],
      output: optionalParts,
      format: 'json',
      maxRetries: 0,
    },
    async run(response) {
      const error = await caught(response.getData());
      return { error: errorRecord(error), failures: (error as EnsureError).failures };
    },
    expected: {
      error: { class: 'EnsureError', name: 'EnsureError', code: 'ENSURE_FAILED', attempt: 0 },
      failures: [
        { path: 'steps[*].minutes', level: 'not_null', reason: 'steps[1].minutes is missing' },
        { path: 'owner.hours', level: 'not_null', reason: 'owner.hours is missing' },
      ],
    },
  },
];
