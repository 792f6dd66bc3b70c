import { DepthLimitError, defineOutput, OutputParseError, parseOutput } from '@fieldstream/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { formats } from '../support/all-formats';
import { thrownBy } from '../support/thrown';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseOutput', () => {
  it('defaults to json and returns the value', () => {
    expect(parseOutput('{"a": [1, 2]}')).toEqual({ a: [1, 2] });
  });

  it('splits a leading <think> block off before parsing', () => {
    const text = '<think>Maybe {"a": 0}? No.</think>\n{"a": 1}';
    expect(parseOutputDetailed(text)).toEqual({
      value: { a: 1 },
      repaired: false,
      format: 'json',
      reasoning: 'Maybe {"a": 0}? No.',
    });
    expect(parseOutput(text)).toEqual({ a: 1 });
  });

  it('treats a later <think> as content', () => {
    expect(parseOutputDetailed('Answer: {"a": "<think>x</think>"}')).toEqual({
      value: { a: '<think>x</think>' },
      repaired: false,
      format: 'json',
      reasoning: '',
    });
  });

  it('reports a repaired truncated answer', () => {
    expect(parseOutputDetailed('<THINK>r</THINK>{"a": "cut')).toEqual({
      value: { a: 'cut' },
      repaired: true,
      format: 'json',
      reasoning: 'r',
    });
  });

  it('resolves auto from the schema, and to json without one', () => {
    const typed = defineOutput({ items: [{ name: ['string'] }], total: ['number'] });
    expect(parseOutputDetailed('{"total": 2}', { format: 'auto', output: typed }).format).toBe('json');
    expect(parseOutputDetailed('[1]', { format: 'auto' })).toMatchObject({ value: [1], format: 'json' });

    const parse = vi
      .spyOn(formats.xml_field, 'parse')
      .mockReturnValue({ value: { summary: 's' }, repaired: false, format: 'xml_field' });
    const allStrings = defineOutput({ summary: ['string'] });
    expect(parseOutput('<agently_output>…', { format: 'auto', output: allStrings })).toEqual({ summary: 's' });
    expect(parse).toHaveBeenCalledWith('<agently_output>…', { output: allStrings, maxDepth: undefined });
  });

  it('returns the answer text for the text format, without the reasoning', () => {
    expect(parseOutputDetailed('<think>plan</think>Hello there.', { format: 'text' })).toEqual({
      value: 'Hello there.',
      repaired: false,
      format: 'text',
      reasoning: 'plan',
    });
  });

  it('throws OutputParseError whose rawText is the whole text given, reasoning included', () => {
    const text = '<think>hmm</think>Sorry, no data.';
    const caught = thrownBy(() => parseOutput(text));
    expect(caught).toBeInstanceOf(OutputParseError);
    expect(caught).toMatchObject({
      code: 'OUTPUT_PARSE_FAILED',
      format: 'json',
      rawText: text,
      message: 'Could not parse the json output: no JSON object or array found in the text',
    });
    expect((caught as Error).cause).toBeInstanceOf(OutputParseError);
    expect(((caught as Error).cause as OutputParseError).rawText).toBe('Sorry, no data.');
  });

  it('keeps the error as is when there was no reasoning', () => {
    const caught = thrownBy(() => parseOutput('nope'));
    expect(caught).toMatchObject({ rawText: 'nope' });
    expect((caught as Error).cause).toBeUndefined();
  });

  it('applies maxDepth to strict and lenient JSON alike', () => {
    for (const text of ['[[[1]]]', 'x [[[1]]]', "[[['a']]]"]) {
      expect(() => parseOutput(text, { maxDepth: 2 })).toThrow(DepthLimitError);
      expect(parseOutput(text, { maxDepth: 3 })).toEqual(text.includes("'") ? [[['a']]] : [[[1]]]);
    }
  });
});
