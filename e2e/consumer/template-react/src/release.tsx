import { createResponse } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { FieldProgress, LiveForm, useFinalData, useInstantField, useResponse } from '@fieldstream/react';
import { z } from 'zod';

/** A zod schema whose input (what the model writes, what streams) differs from its output. */
export const Release = z.object({
  title: z.string(),
  tags: z.string().transform((text) => text.split(',')),
  channel: z.enum(['stable', 'beta']),
  notes: z.string().nullable(),
  owner: z.string().optional(),
  priority: z.number().default(3),
});

export const releaseAnswer = '{"title": "Fieldstream 1.0", "tags": "core,react", "channel": "stable", "notes": null}';

export function askRelease(signal: AbortSignal) {
  return createResponse({
    model: scriptedModel({ answers: [releaseAnswer], chunkSize: 8 }),
    input: 'Describe the release',
    output: Release,
    format: 'json',
    signal,
  });
}

/** LiveForm and FieldProgress take the zod schema itself; the final data is the schema's output. */
export function ReleasePanel() {
  const { store } = useResponse(askRelease, { startKey: 'release' });
  const tags = useInstantField(store, 'tags');
  const final = useFinalData(store);
  // The final data is the output: a list, a priority filled in by the default.
  const finalTags: string[] | undefined = final?.tags;
  const priority: number | undefined = final?.priority;
  // Compile-time truths, never run (the first would throw mid-stream, which is its point).
  if (false as boolean) {
    // @ts-expect-error while streaming, tags may still be the string the model writes: `.map` is not safe
    tags.value?.map((tag) => tag);
    // @ts-expect-error the output has no such key
    final?.tagz;
  }
  return (
    <section>
      <LiveForm output={Release} store={store} />
      <FieldProgress output={Release} store={store} />
      <p data-testid="release-final">{final === undefined ? '' : JSON.stringify({ tags: finalTags, priority })}</p>
    </section>
  );
}
