import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStreamParser } from '@fieldstream/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonStreamParser } from '../../src/formats/json/json-stream-parser';
import { NOT_A_VALUE, parseStrictWord } from '../../src/formats/json/json-stream-word';
import { seededChunkings, splitAt } from '../support/chunkings';

// `provenFinal()`: the stream vouches that the text is exactly one strict JSON document, so
// `finish` takes its value instead of parsing the text again. It must never vouch for a text
// `JSON.parse` rejects, and its value must be `JSON.parse`'s.

/** What `JSON.parse` says of a text: its value, or `undefined` when it throws. */
function strictParse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** Streams `chunks` into a whole-answer parser and asks it for its proof. */
function proofOf(chunks: readonly string[]) {
  const parser = new JsonStreamParser();
  try {
    for (const chunk of chunks) parser.push(chunk);
  } catch {
    return undefined; // a DepthLimitError: nothing proved
  }
  return parser.provenFinal();
}

/** The root opens with `{` or `[` after JSON whitespace: the only documents the stream proves. */
const containerRoot = (text: string) => /^[ \t\n\r]*[[{]/.test(text);

function expectAgreement(text: string, chunks: readonly string[]) {
  const proof = proofOf(chunks);
  const strict = strictParse(text);
  if (proof !== undefined) {
    expect(strict, 'proved a text JSON.parse rejects').toBeDefined();
    expect(proof).toEqual({ value: strict?.value, repaired: false, format: 'json' });
  } else if (strict !== undefined && containerRoot(text)) {
    throw new Error(`a strict JSON document was not proved: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

describe('provenFinal: JSONTestSuite, every file, several chunkings', () => {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'JSONTestSuite');
  const files = readdirSync(dir).filter((file) => file.endsWith('.json') && !file.includes('100000'));
  const read = (file: string) => new TextDecoder('utf-8', { fatal: false }).decode(readFileSync(join(dir, file)));

  it.each(files)('%s', (file) => {
    const text = read(file);
    for (const chunks of [[text], ...seededChunkings(text, 3, file.length)]) expectAgreement(text, chunks);
  });
});

describe('provenFinal: JSON5 and repairs are never proved', () => {
  // Each text reads as a value in the stream, and JSON.parse rejects it.
  const lenient = {
    'single quotes': `{'a': 1}`,
    'a single-quoted key': `{'a': "x"}`,
    'a typographic quote': '{"a": “x”}',
    'an unquoted key': '{a: 1}',
    'a trailing comma in an array': '[1, 2,]',
    'a trailing comma in an object': '{"a": 1,}',
    'a line comment': '{"a": 1 // note\n}',
    'a block comment': '[1, /* two */ 2]',
    'a JSON5 number': '[+1, .5]',
    'a hex number': '[0x1F]',
    Infinity: '[Infinity]',
    "Python's True": '[True]',
    'a \\x escape': '["\\x41"]',
    'a \\v escape': '["a\\vb"]',
    'an unknown escape': '["\\q"]',
    'a line continuation': '["a\\\nb"]',
    'a raw tab in a string': '["a\tb"]',
    'a raw control character in a key': '{"a\u0001": 1}',
    'a vertical tab between tokens': '[1,\u000b2]',
    'a no-break space between tokens': '[1,\u00a02]',
    'full-width structure': '｛"a"：1｝',
    'prose before the root': 'Sure: {"a": 1}',
    'a fence around the root': '```json\n{"a": 1}\n```',
    'a byte order mark': '\ufeff{"a": 1}',
    'text after the root': '{"a": 1} and more',
    'a second root': '[1][2]',
  };

  it.each(Object.entries(lenient))('%s', (_name, text) => {
    expect(strictParse(text)).toBeUndefined();
    for (const chunks of [[text], text.split(''), ...seededChunkings(text, 3, text.length)]) {
      expect(proofOf(chunks)).toBeUndefined();
    }
    // The answer parser falls back to the final parse, which still reads the text.
    const parser = createStreamParser({ format: 'json' });
    parser.push(text);
    parser.finish();
    expect(parser.final).toBeDefined();
  });

  it('proves nothing while the root is open, nor for a root scalar or an embedded value', () => {
    expect(proofOf(['{"a": [1, 2]'])).toBeUndefined();
    expect(proofOf(['"just a string"'])).toBeUndefined();
    expect(proofOf(['42'])).toBeUndefined();
    const embedded = new JsonStreamParser({ embedded: true });
    embedded.push('{"a": 1}');
    expect(embedded.provenFinal()).toBeUndefined();
  });

  it('proves empty containers and whitespace around the root', () => {
    expect(proofOf([' \n\t{}\r\n '])?.value).toEqual({});
    expect(proofOf(['[', ']', '  '])?.value).toEqual([]);
    expect(proofOf(['{"a": [], "b": {}}'])?.value).toEqual({ a: [], b: {} });
  });
});

describe('provenFinal: every JSON document, indent and chunking', () => {
  const container = fc.oneof(
    fc.dictionary(fc.string(), fc.jsonValue()),
    fc.array(fc.jsonValue()),
    fc.jsonValue().filter((value) => value !== null && typeof value === 'object'),
  );
  const indent = fc.constantFrom(undefined, 0, 1, 2, '\t', ' \n\r ');

  it('is JSON.parse of the text, whatever the chunking', () => {
    fc.assert(
      fc.property(container, indent, fc.array(fc.nat(), { maxLength: 12 }), (value, space, cuts) => {
        const text = JSON.stringify(value, null, space);
        const proof = proofOf(
          splitAt(
            text,
            cuts.map((cut) => cut % (text.length + 1)),
          ),
        );
        expect(proof).toEqual({ value: JSON.parse(text), repaired: false, format: 'json' });
      }),
      { numRuns: 300 },
    );
  });

  it('never vouches for a document with one character changed', () => {
    const edits = fc.constantFrom("'", ',', '/', '\u0001', '\\x', 'x', ' ', '\u00a0', '}', ']', '"');
    fc.assert(
      fc.property(container, fc.nat(), edits, (value, at, edit) => {
        const text = JSON.stringify(value);
        const position = at % (text.length + 1);
        const changed = text.slice(0, position) + edit + text.slice(position);
        expectAgreement(changed, [changed]);
        expectAgreement(changed, splitAt(changed, [position, position + 1]));
      }),
      { numRuns: 500 },
    );
  });
});

describe('finish: a proved document is not parsed again', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the streamed value as the final value, with no JSON.parse of the text', async () => {
    const text = JSON.stringify({
      title: 'report',
      items: [
        { id: 1, tags: ['a', 'b'] },
        { id: 2, tags: [] },
      ],
    });
    const parser = createStreamParser({ format: 'json' });
    for (const chunks of splitAt(text, [5, 17, 40])) parser.push(chunks);
    const streamed = parser.snapshot();
    const parse = vi.spyOn(JSON, 'parse');
    await parser.prepare();
    const events = parser.finish();
    expect(parse).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    expect(parser.final).toEqual({ value: JSON.parse(text), repaired: false, format: 'json' });
    expect(parser.final?.value).toBe(streamed);
    expect(parser.snapshot()).toBe(streamed);
  });

  it('parses the text when the stream cannot vouch for it', () => {
    const parser = createStreamParser({ format: 'json' });
    parser.push('{"a": 1,}');
    parser.finish();
    expect(parser.final).toEqual({ value: { a: 1 }, repaired: false, format: 'json' });
  });
});

describe('parseStrictWord: exactly the words JSON.parse reads as a value', () => {
  const strict = (word: string) => {
    const parsed = strictParse(word);
    // JSON.parse also skips blanks around a word and reads strings: neither is a bare word.
    return parsed === undefined || word.trim() !== word || word.startsWith('"') ? NOT_A_VALUE : parsed.value;
  };

  it('agrees with JSON.parse on words over a number alphabet', () => {
    const word = fc
      .array(fc.constantFrom('0', '1', '9', '-', '+', '.', 'e', 'E', 'x', 'a'), { maxLength: 10 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(word, (text) => {
        expect(parseStrictWord(text)).toBe(strict(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees on literals, their Python spellings and edge numbers', () => {
    const words = [
      'true',
      'false',
      'null',
      'True',
      'None',
      'nul',
      'truex',
      '-0',
      '0e0',
      '1E+2',
      '-1.5e-3',
      '01',
      '1.',
      '.5',
      '-',
      '',
    ];
    for (const text of words) expect(parseStrictWord(text), text).toBe(strict(text));
  });
});
