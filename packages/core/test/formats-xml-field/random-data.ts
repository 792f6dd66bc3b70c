// Random data sets for the xml_field and yaml_literal property tests: a flat record of text
// fields (with tricky characters) and typed fields (numbers, booleans, lists, records).
import fc from 'fast-check';
import { splitAt } from '../support/chunkings';

/** Pieces of text fields: markup, entities, closers, marker prefixes, emoji and line breaks. */
const TEXT_PIECES = [
  'a',
  'word ',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\t',
  '&',
  '&amp;',
  '<b>',
  '</b>',
  '<',
  '>',
  '</field>',
  '</fie',
  '<field',
  '</agently_output>',
  '<<<END AGENT',
  '<<<END AGENTLY_YAML>>> no',
  '###',
  '```',
  '"',
  "'",
  '#',
  ': ',
  '- ',
  '|',
  '🚀',
  'é',
  '\\',
];

/** A random text (not yet normalised). */
export const rawText = fc.array(fc.constantFrom(...TEXT_PIECES), { maxLength: 24 }).map((pieces) => pieces.join(''));

/** A JSON-safe scalar or small structure for a typed field. */
export const typedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.boolean(),
  fc.constant(null),
  fc.array(rawText, { maxLength: 4 }),
  fc.array(fc.record({ name: rawText, qty: fc.integer({ min: 0, max: 99 }) }), { maxLength: 3 }),
);

const KEY = /^[a-z][a-z0-9_]{0,7}$/;
const RESERVED = new Set(['null', 'true', 'false', 'yes', 'no', 'on', 'off', 'y', 'n']);

/** Field names: identifiers that no format reads as anything but a name. */
export const fieldName = fc.stringMatching(KEY).filter((name) => !RESERVED.has(name));

/** A data set: distinct names, each a text (`string`) or a typed value. */
export function dataSet(text: fc.Arbitrary<string>): fc.Arbitrary<[string, unknown][]> {
  return fc.uniqueArray(fc.tuple(fieldName, fc.oneof(text, typedValue)), {
    minLength: 1,
    maxLength: 6,
    selector: ([name]) => name,
  });
}

/** Seeds for a random chunking; {@link chunksOf} turns them into cut positions of a text. */
export const chunkSeeds = fc.array(fc.nat({ max: 1_000_000 }), { maxLength: 40 });

/** The text split at the positions the seeds give (1 to 40 cuts). */
export function chunksOf(text: string, seeds: readonly number[]): string[] {
  if (text.length < 2) return [text];
  return splitAt(
    text,
    seeds.map((seed) => 1 + (seed % (text.length - 1))),
  );
}
