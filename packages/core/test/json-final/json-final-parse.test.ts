import { defineOutput, OutputParseError, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { thrownBy } from '../support/thrown';

const json = (text: string) => parseOutputDetailed(text, { format: 'json' });

describe('json final parse: where the value is', () => {
  it('takes the value at the start of the text and ignores what follows', () => {
    expect(json('  {"a": 1} and then {"a": 2, "b": 3}')).toEqual({
      value: { a: 1 },
      repaired: false,
      format: 'json',
      reasoning: '',
    });
    expect(parseOutput('[1, 2] trailing prose')).toEqual([1, 2]);
    expect(parseOutput('// a comment first\n{"a": 1}')).toEqual({ a: 1 });
  });

  it('reads a whole-text scalar', () => {
    expect(parseOutput(' 42 ')).toBe(42);
    expect(parseOutput('"hi"')).toBe('hi');
    expect(parseOutput('null')).toBeNull();
  });

  it('finds a block in prose and inside a ```json fence', () => {
    expect(parseOutput('Sure! Here it is:\n```json\n{"status": "ok"}\n```\nAnything else?')).toEqual({ status: 'ok' });
    expect(parseOutput('The list is [1, 2, 3].')).toEqual([1, 2, 3]);
  });

  it('picks the block matching the most schema paths', () => {
    const output = defineOutput({ title: ['string'], tags: [['string']], meta: { score: ['integer'] } });
    const text =
      'Example: {"title": "x", "tags": ["a"], "meta": {"score": 1}}\nNotes: {"other": true, "more": [1, 2, 3]}';
    expect(parseOutput(text, { output })).toEqual({ title: 'x', tags: ['a'], meta: { score: 1 } });
    // Schema paths count once however many items carry them.
    const many = 'First {"tags": ["a", "b", "c", "d"]} then {"title": "t", "meta": {"score": 2}}';
    expect(parseOutput(many, { output })).toEqual({ title: 't', meta: { score: 2 } });
  });

  it('breaks ties in favour of the later block, so the answer beats the draft', () => {
    const output = defineOutput({ answer: ['string'] });
    const text = 'Draft: {"answer": "first try"}\nFinal: {"answer": "the real one"}';
    expect(parseOutput(text, { output })).toEqual({ answer: 'the real one' });
  });

  it('prefers a block whose root kind matches the schema', () => {
    const output = defineOutput({ a: ['number'] });
    expect(parseOutput('See [1] and {"b": 2} and [3]', { output })).toEqual({ b: 2 });
  });

  it('without a schema picks the block with the most structure, ties to the later', () => {
    expect(parseOutput('Result: {"a": {"x": 1, "y": 2}} (see [1])')).toEqual({ a: { x: 1, y: 2 } });
    expect(parseOutput('{"v": 1} is old; {"v": 2} is new', {})).toEqual({ v: 1 }); // direct root
    expect(parseOutput('Old: {"v": 1}; new: {"v": 2}')).toEqual({ v: 2 });
  });

  it('finds blocks after a failed attempt, never a fragment of the broken value (issue 13)', () => {
    expect(parseOutput('[note: {"a": 1}] then {"a": 2, "b": 3}')).toEqual({ a: 2, b: 3 });
    expect(() => parseOutput('[[1, 2] oops')).toThrow(/no JSON value could be read: unexpected "o"/);
    expect(() => parseOutput('{"a":1{"b":2}}')).toThrow(/no JSON value could be read/);
    expect(() => parseOutput('{"a":{"b":1{"c":2}}')).toThrow(/no JSON value could be read/);
  });
});

describe('json final parse: JSON5 syntax', () => {
  it('accepts comments, trailing commas, single quotes and unquoted keys without flagging a repair', () => {
    const text = `{
      // the name
      name: 'Ada', /* inline */ $id: 'x\\'y',
      list: [1, 2, 3,],
      nested: {_k: "v",},
    }`;
    expect(json(text)).toEqual({
      value: { name: 'Ada', $id: "x'y", list: [1, 2, 3], nested: { _k: 'v' } },
      repaired: false,
      format: 'json',
      reasoning: '',
    });
  });

  it('accepts JSON5 numbers', () => {
    expect(parseOutput('[0x1F, -0xa, +1, .5, 5., -.25, 1e3, 007]')).toEqual([31, -10, 1, 0.5, 5, -0.25, 1000, 7]);
  });

  it('reads Infinity and NaN as null, flagged repaired', () => {
    expect(json('{"a": Infinity, "b": -Infinity, "c": NaN, "d": +NaN}')).toMatchObject({
      value: { a: null, b: null, c: null, d: null },
      repaired: true,
    });
  });

  it('keeps number overflow as JSON.parse does', () => {
    expect(parseOutput('x {"big": 1e400, "tiny": 1e-400, "neg": -1e400}')).toEqual({
      big: Number.POSITIVE_INFINITY,
      tiny: 0,
      neg: Number.NEGATIVE_INFINITY,
    });
  });

  it('decodes JSON5 escapes and line continuations', () => {
    expect(parseOutput("['\\x41\\v\\0', 'a\\\nb', '\\q', \"\\u00e9\\uD83D\\uDE00\"]")).toEqual([
      'A\v\0',
      'ab',
      'q',
      'é😀',
    ]);
  });

  it('inserts a missing comma between members, flagged repaired', () => {
    expect(json('{"a": 1\n "b": [1 2]}')).toMatchObject({ value: { a: 1, b: [1, 2] }, repaired: true });
  });
});

describe('json final parse: quote repair in structural positions only', () => {
  it('reads typographic and full-width quotes and punctuation as structure', () => {
    expect(json('{“name”: “Ada”, ‘role’: ‘admin’, ＂n＂：［1，2］}')).toMatchObject({
      value: { name: 'Ada', role: 'admin', n: [1, 2] },
      repaired: true,
    });
    expect(parseOutput('｛"a"：1｝')).toEqual({ a: 1 });
  });

  it('keeps typographic quotes inside a string as content', () => {
    expect(json('{"quote": "she said “hi” and ‘bye’", "fw": "＂x＂：［］"}')).toEqual({
      value: { quote: 'she said “hi” and ‘bye’', fw: '＂x＂：［］' },
      repaired: false,
      format: 'json',
      reasoning: '',
    });
  });

  it('closes a typographic string only at a quote followed by structure', () => {
    expect(parseOutput('{“title”: “The “Best” Day”, “n”: 1}')).toEqual({ title: 'The “Best” Day', n: 1 });
    expect(parseOutput('[“it’s fine”]')).toEqual(['it’s fine']);
  });
});

describe('json final parse: truncation', () => {
  it('closes open strings and containers and flags the repair', () => {
    expect(json('{"a": {"b": [1, 2, "thr')).toEqual({
      value: { a: { b: [1, 2, 'thr'] } },
      repaired: true,
      format: 'json',
      reasoning: '',
    });
  });

  it('drops a dangling key and a half literal', () => {
    expect(parseOutput('{"a": 1, "b')).toEqual({ a: 1 });
    expect(parseOutput('{"a": 1, "b":')).toEqual({ a: 1 });
    expect(parseOutput('{"a": 1, "b": tr')).toEqual({ a: 1 });
    expect(parseOutput('[true, fal')).toEqual([true]);
    expect(parseOutput('[1, -')).toEqual([1]);
    expect(parseOutput('[1, 2e')).toEqual([1]);
  });

  it('keeps a complete-looking number at the end and drops half an escape', () => {
    expect(parseOutput('{"n": 12')).toEqual({ n: 12 });
    expect(parseOutput('["ab\\u00')).toEqual(['ab']);
    expect(parseOutput('["smile \\uD83D')).toEqual(['smile ']);
  });

  it('treats a comment cut by the end as trivia', () => {
    expect(parseOutput('{"a": 1 /')).toEqual({ a: 1 });
    expect(parseOutput('{"a": 1 /* unfinished')).toEqual({ a: 1 });
  });

  it('reads a truncated root string when no block exists', () => {
    expect(json('"an unfinished answer')).toMatchObject({ value: 'an unfinished answer', repaired: true });
    expect(parseOutput('"prose with a block: {"x": 1}')).toEqual({ x: 1 });
  });
});

describe('json final parse: safety', () => {
  it('stores __proto__, constructor and prototype as own data', () => {
    const value = parseOutput(
      'x {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": 1}',
    ) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The strict fast path and the lenient reader agree.
    const strict = parseOutput('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.hasOwn(strict, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(strict)).toBe(Object.prototype);
  });

  it('handles 100 000-deep nesting in every path', () => {
    const depth = 100_000;
    const strict = parseOutput(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    const lenient = parseOutput(`${'['.repeat(depth)}1,${']'.repeat(depth)}`);
    const truncated = parseOutputDetailed(`${'[{"k":'.repeat(depth)}`);
    expect(truncated.repaired).toBe(true);
    for (const [value, leaf] of [
      [strict, []],
      [lenient, [1]],
    ] as const) {
      let node: unknown = value;
      for (let i = 0; i < depth - 1; i++) node = (node as unknown[])[0];
      expect(node).toEqual(leaf);
    }
    let node: unknown = truncated.value;
    for (let i = 0; i < depth; i++) node = ((node as unknown[])[0] as Record<string, unknown>)?.k;
    expect(node).toBeUndefined();
  });

  // Its speed is measured by `npm run bench -- adversarial`; a quadratic scan would hit the test timeout.
  it('fails a 200 000-deep failing prefix with an OutputParseError', () => {
    expect(() => parseOutput(`x ${'['.repeat(200_000)}x`)).toThrow(OutputParseError);
  });

  it('enforces maxDepth with a DepthLimitError naming the path', () => {
    expect(() => parseOutput('{"a": [[{"b": 1}]]}', { maxDepth: 3 })).toThrowError(
      expect.objectContaining({ name: 'DepthLimitError', code: 'DEPTH_LIMIT', maxDepth: 3, path: 'a[0][0]' }),
    );
    expect(parseOutput('{"a": [[1]]}', { maxDepth: 3 })).toEqual({ a: [[1]] });
  });
});

describe('json final parse: errors', () => {
  it('throws OutputParseError with the raw text, a code, the format and a positioned reason', () => {
    const text = 'I cannot answer that.\n[oops';
    const caught = thrownBy(() => parseOutput(text));
    expect(caught).toBeInstanceOf(OutputParseError);
    expect(caught).toMatchObject({
      name: 'OutputParseError',
      code: 'OUTPUT_PARSE_FAILED',
      format: 'json',
      rawText: text,
      message:
        'Could not parse the json output: no JSON value could be read: unexpected "o", expected a value at line 2, column 2',
    });
  });

  it('says when there is nothing at all', () => {
    expect(() => parseOutput('   ')).toThrowError('Could not parse the json output: the text is empty');
    expect(() => parseOutput('No JSON here.')).toThrowError(
      'Could not parse the json output: no JSON object or array found in the text',
    );
  });
});
