import { parseOutput } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skipTrivia } from '../../src/formats/json/json-characters';
import { readJsonValue } from '../../src/formats/json/json5-reader';
import { parseOutputDetailed } from '../../src/formats/parse-output';

const indent = fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 8 }), fc.constantFrom('\t', ' \n', '--'));
/**
 * Prose without brackets (which would be blocks of their own) or slashes (a `//` or `/*` in front of
 * the block is a comment, which the first rule skips with what it covers), sometimes with quotes and
 * JSON-ish words.
 */
const prose = fc
  .array(fc.oneof(fc.string(), fc.constantFrom(' ', '\n', 'Sure! ', 'true ', '42 ', '"', "'", 'json', '```json\n')))
  .map((parts) => parts.join('').replace(/[[\]{}\uFF3B\uFF3D\uFF5B\uFF5D/]/g, ''));
const container = fc.oneof(
  fc.dictionary(fc.string(), fc.jsonValue()),
  fc.array(fc.jsonValue()),
  fc.jsonValue().filter((value) => value !== null && typeof value === 'object'),
);

describe('json final parse: round trips', () => {
  it('parses JSON.stringify of any value, at any indent, like JSON.parse', () => {
    fc.assert(
      fc.property(fc.jsonValue(), indent, (value, space) => {
        const text = JSON.stringify(value, null, space === '--' ? undefined : space);
        expect(parseOutputDetailed(text)).toEqual({
          value: JSON.parse(text),
          repaired: false,
          format: 'json',
          reasoning: '',
        });
        // The lenient reader alone (parseOutput has JSON.parse as its fast path).
        const read = readJsonValue(text, skipTrivia(text, 0));
        expect(read.ok && read.value).toEqual(JSON.parse(text));
        expect(read.ok && read.repaired).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('finds any object or array with prose before and after', () => {
    fc.assert(
      fc.property(container, indent, prose, prose, (value, space, before, after) => {
        const text = `${before}${JSON.stringify(value, null, typeof space === 'number' ? space : undefined)}${after}`;
        // Prose can turn the whole text into one JSON document (`"` + `[]` + `"` is the string
        // "[]"); the documented first rule then applies: exactly one strict document is its value.
        const whole = strictJson(text);
        expect(parseOutput(text)).toEqual(whole === undefined ? JSON.parse(JSON.stringify(value)) : whole.value);
      }),
      { numRuns: 300 },
    );
  });

  it('takes the fenced answer over an earlier draft with the same keys', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), prose, (value, words) => {
        const draft = JSON.stringify(Object.fromEntries(Object.keys(value).map((key) => [key, null])));
        const answer = JSON.stringify(value, null, 2);
        const text = `Draft: ${draft}\n${words}\nFinal:\n\`\`\`json\n${answer}\n\`\`\`\n`;
        expect(parseOutput(text)).toEqual(JSON.parse(answer));
      }),
      { numRuns: 100 },
    );
  });
});

function strictJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
