// Rule 5 for hybrid: every document gives the same merged events under every chunking, obeys the
// contract in each, and ends with the final parse's value.
import { parseOutput } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standardChunkings } from '../support/chunkings';
import { contractViolations, mergeDeltas } from '../support/events';
import { streamChunks } from '../support/format-streams';
import { documents, output } from './documents';

describe('hybrid chunking invariance', () => {
  it.each(documents.map((document) => [document.name, document] as const))('%s', (_name, document) => {
    const whole = streamChunks('hybrid', output, [document.text]);
    const canonical = mergeDeltas(whole.events);
    const final = document.value === 'error' ? undefined : parseOutput(document.text, { format: 'hybrid', output });
    if (final !== undefined) expect(final).toEqual(document.value);
    // The stream's value is the final value (a repeated section is the one documented exception).
    if (final !== undefined && document.streamDiffers !== true) expect(whole.snapshot).toEqual(final);
    const root = whole.events.at(-1);
    if (final !== undefined) expect(root).toMatchObject({ path: '', event_type: 'done', value: final });

    for (const chunks of standardChunkings(document.text, 120, document.name.length)) {
      const run = streamChunks('hybrid', output, chunks);
      expect(contractViolations(run.events)).toEqual([]);
      expect(mergeDeltas(run.events)).toEqual(canonical);
    }
  });

  it('any split of any document gives the same merged events (fast-check)', () => {
    const canonical = documents.map((document) => mergeDeltas(streamChunks('hybrid', output, [document.text]).events));
    fc.assert(
      fc.property(fc.nat({ max: documents.length - 1 }), fc.array(fc.nat(), { maxLength: 30 }), (which, cuts) => {
        const { text } = documents[which] as (typeof documents)[number];
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points, text.length].slice(1).map((end, i, ends) => text.slice(i ? ends[i - 1] : 0, end));
        expect(mergeDeltas(streamChunks('hybrid', output, chunks).events)).toEqual(canonical[which]);
      }),
      { numRuns: 300 },
    );
  });
});
