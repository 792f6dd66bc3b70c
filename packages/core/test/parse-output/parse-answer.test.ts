import { defineOutput, type FormatName, OutputParseError } from '@fieldstream/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseAnswer } from '../../src/formats/parse-answer';
import { resolveFormat } from '../../src/formats/resolve-format';
import { formats } from '../support/all-formats';

// The text formats' own parsers are replaced by stubs here, so these tests pin parseAnswer's
// dispatch and fallback rules independently of each format's parser.
const TEXT_FORMATS: FormatName[] = ['hybrid', 'xml_field', 'yaml_literal', 'flat_markdown'];
const output = defineOutput({ summary: ['string'], score: ['integer'] });

function failingWith(format: FormatName, error: Error) {
  return vi.spyOn(formats[format], 'parse').mockImplementation(() => {
    throw error;
  });
}

/** parseAnswer with the format named, resolved as a response resolves it. */
function parse(answer: string, options: { format: FormatName; output?: typeof output; maxDepth?: number }) {
  const { format, ...rest } = options;
  return parseAnswer(answer, {
    definition: resolveFormat(format, format, rest.output, undefined, 'test').definition,
    ...rest,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseAnswer', () => {
  it('returns the json parser result for json', () => {
    expect(parse('Here: {"summary": "ok", "score": 3}', { format: 'json', output })).toEqual({
      value: { summary: 'ok', score: 3 },
      repaired: false,
      format: 'json',
    });
  });

  it('returns the text answer verbatim for text', () => {
    expect(parse('  Hello {"a": 1}\n', { format: 'text' })).toEqual({
      value: '  Hello {"a": 1}\n',
      repaired: false,
      format: 'text',
    });
  });

  it('passes the schema and maxDepth to the format parser and returns its result', () => {
    const hybridParse = vi
      .spyOn(formats.hybrid, 'parse')
      .mockReturnValue({ value: { summary: 's' }, repaired: false, format: 'hybrid' });
    expect(parse('### summary\ns', { format: 'hybrid', output, maxDepth: 9 })).toEqual({
      value: { summary: 's' },
      repaired: false,
      format: 'hybrid',
    });
    expect(hybridParse).toHaveBeenCalledWith('### summary\ns', { output, maxDepth: 9 });
  });

  it.each(TEXT_FORMATS)('%s: falls back to JSON when the format finds nothing, reporting json', (format) => {
    failingWith(format, new OutputParseError(format, 'no section found', { rawText: 'x' }));
    expect(parse('I wrote JSON instead: {"summary": "s", "score": 1', { format, output })).toEqual({
      value: { summary: 's', score: 1 },
      repaired: true,
      format: 'json',
    });
  });

  it.each(TEXT_FORMATS)('%s: rethrows its own error when the fallback yields no object', (format) => {
    const original = new OutputParseError(format, 'no section found', { rawText: 'x' });
    failingWith(format, original);
    for (const answer of ['nothing structured', 'a list [1, 2]', '"a string"', '']) {
      expect(() => parse(answer, { format, output })).toThrow(original);
    }
  });

  it('does not fall back on errors other than OutputParseError', () => {
    const bug = new TypeError('a bug');
    failingWith('xml_field', bug);
    expect(() => parse('{"summary": "s"}', { format: 'xml_field', output })).toThrow(bug);
  });

  it('never falls back for json itself', () => {
    expect(() => parse('nothing', { format: 'json' })).toThrowError(OutputParseError);
  });
});
