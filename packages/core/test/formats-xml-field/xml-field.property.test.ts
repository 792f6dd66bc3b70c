import { createStreamParser, parseOutput } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractViolations, mergeDeltas, streamAll } from '../support/events';
import { expectDeltasMatchDone } from '../support/format-streams';
import { chunkSeeds, chunksOf, dataSet, rawText } from './random-data';

/** A `</field>` that the tag after it turns into a closer: data may not hold one (docs/formats.md §4). */
const CLOSING = /<\/field>\s*(?:<\/agently_output>|<field\s)/;

/**
 * Text a text field holds unchanged: trimmed, not a placeholder, no leading comment or fence that
 * normalisation would strip, and no `</field>` that the next tag would turn into a closer.
 */
const fieldText = rawText
  .map((text) => text.trim())
  .filter(
    (text) =>
      !text.startsWith('<!--') && !/^(`{3,}|~{3,})/.test(text) && !/^<[^<>\r\n]+>$/.test(text) && !CLOSING.test(text),
  );
/** Typed values are written as JSON, whose strings may not hold a closing `</field>` either. */
const xmlData = dataSet(fieldText).filter((data) => !CLOSING.test(JSON.stringify(data)));

const prose = fc.constantFrom(
  '',
  'Sure, here it is:\n',
  '<think>Plan: a & b.</think>\nOK.\n',
  'Note <b>this</b> & that. ',
);
const separator = fc.constantFrom('', '\n', '\n\n', ' ');

function render(
  data: readonly [string, unknown][],
  before: string,
  after: string,
  sep: string,
  pretty: boolean,
): string {
  const fields = data.map(([name, value]) => {
    const type = typeof value === 'string' ? 'text' : 'json';
    const body = typeof value === 'string' ? value : JSON.stringify(value, null, pretty ? 2 : undefined);
    return `<field name="${name}" type="${type}">${sep}${body}${sep}</field>`;
  });
  return `${before}<agently_output>\n${fields.join('\n')}\n</agently_output>${after}`;
}

describe('xml_field properties', () => {
  it('streams any data set to its value under any chunking, as the final parse reads it', () => {
    fc.assert(
      fc.property(
        xmlData,
        prose,
        prose,
        separator,
        fc.boolean(),
        chunkSeeds,
        (data, before, after, sep, pretty, seeds) => {
          const text = render(data, before, after, sep, pretty);
          const expected = JSON.parse(JSON.stringify(Object.fromEntries(data)));
          expect(parseOutput(text, { format: 'xml_field' })).toEqual(expected);

          const whole = streamAll(createStreamParser({ format: 'xml_field' }), [text]);
          const parser = createStreamParser({ format: 'xml_field' });
          const events = streamAll(parser, chunksOf(text, seeds));
          expect(contractViolations(events)).toEqual([]);
          expect(mergeDeltas(events)).toEqual(mergeDeltas(whole));
          expectDeltasMatchDone(events);
          expect(parser.snapshot()).toEqual(expected);
          // Every field completed at its closer, before the end of the text.
          const observed = events.filter((event) => event.event_type === 'done' && event.path !== '');
          expect(observed.every((event) => event.completion_source === 'observed_boundary')).toBe(true);
        },
      ),
      { numRuns: 250 },
    );
  });
});
