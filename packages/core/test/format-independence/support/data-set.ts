// The logical data set of the format-independence suite: one schema, one value, every format.
import { defineOutput } from '@fieldstream/core';
import fc from 'fast-check';

export const output = defineOutput({
  title: ['string', 'the title'],
  body: ['string', 'the body, with code'],
  count: ['integer'],
  active: ['boolean'],
  tags: [['string']],
  records: [{ name: ['string'], note: ['string'], size: ['number'] }],
});

export type DataSet = {
  title: string;
  body: string;
  count: number;
  active: boolean;
  tags: string[];
  records: { name: string; note: string; size: number }[];
};

const fence = '```';

/** The value every hand-written fixture holds. */
export const expectedData: DataSet = {
  title: 'Fish & Chips <b>bold</b> 🐟',
  body: `Intro line with \`code\` & more.\n### not a field header\n${fence}ts\nif (a < b && c > d) return '</field>';\n${fence}\nDone 👍`,
  count: 42,
  active: true,
  tags: ['alpha & beta', '<b>', '### tag', '🚀 launch'],
  records: [
    { name: 'first', note: 'line one\nline two </field>', size: 1.5 },
    { name: 'second & co', note: '', size: -3 },
  ],
};

/**
 * Pieces of text that every text format must carry unchanged: markup, entities, closers, header
 * look-alikes, code and emoji. Lines are joined so that no line is a real header or fence.
 */
const PIECES = ['plain', 'a & b', '<b>x</b>', '</field>', '`code`', '🚀', '日本', 'x < y', 'tab\there', '"q"', "it's"];
const HEADER_LIKE = ['### not a field', '## two', '#hash'];

const word = fc.constantFrom(...PIECES);
const line = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const lineOrHeader = fc.oneof(
  { weight: 5, arbitrary: line },
  { weight: 1, arbitrary: fc.constantFrom(...HEADER_LIKE) },
);

/** A string a text field can hold: visible at both ends, lines of pieces, header look-alikes inside. */
export const textValue: fc.Arbitrary<string> = fc
  .tuple(line, fc.array(lineOrHeader, { maxLength: 3 }))
  .map(([first, rest]) => [first, ...rest].join('\n'));

/** Any string at all is fine inside JSON values. */
const jsonString = fc.oneof(textValue, fc.constant(''), fc.string({ unit: 'grapheme', maxLength: 12 }));
const number = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => (n === 0 ? 0 : n / 8));

export const dataSet: fc.Arbitrary<DataSet> = fc.record({
  title: textValue,
  body: textValue,
  count: fc.integer({ min: -1000, max: 1000 }).map((n) => (n === 0 ? 0 : n)),
  active: fc.boolean(),
  tags: fc.array(jsonString, { maxLength: 4 }),
  records: fc.array(fc.record({ name: jsonString, note: jsonString, size: number }), { maxLength: 3 }),
});
