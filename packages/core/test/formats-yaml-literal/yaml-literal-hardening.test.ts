import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Lexer } from 'yaml';
import { OutputParseError } from '../../src/errors/errors';
import { createStreamParser } from '../../src/formats/create-stream-parser';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { nestsTooDeep } from '../../src/formats/yaml-literal/yaml-nesting-guard';

const wrap = (yaml: string, before = '') => `${before}<<<BEGIN AGENTLY_YAML>>>\n${yaml}\n<<<END AGENTLY_YAML>>>\n`;

/** The final parse and the stream's snapshot after `finish`, for the text in chunks of `size`. */
function both(text: string, size: number) {
  const parser = createStreamParser({ format: 'yaml_literal' });
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
  parser.finish();
  return { final: parseOutputDetailed(text, { format: 'yaml_literal' }).value, streamed: parser.snapshot() };
}

describe('yaml_literal: a marker-like line inside a literal block is the block text', () => {
  const cases = [
    {
      name: 'an indented end marker in a top-level block',
      yaml: 'ok: |-\n  before\n  <<<END AGENTLY_YAML>>>\n  after\nn: 3',
      value: { ok: 'before\n<<<END AGENTLY_YAML>>>\nafter', n: 3 },
    },
    {
      name: 'in a block nested in a list',
      yaml: 'items:\n  - note: |\n      x\n      <<<END AGENTLY_YAML>>>\n      y\n  - note: z\nn: 3',
      value: { items: [{ note: 'x\n<<<END AGENTLY_YAML>>>\ny\n' }, { note: 'z' }], n: 3 },
    },
    {
      name: 'an indented begin marker and fence too',
      yaml: 'code: |\n  <<<BEGIN AGENTLY_YAML>>>\n  ```\n  <<<END AGENTLY_YAML>>>\nn: 3',
      value: { code: '<<<BEGIN AGENTLY_YAML>>>\n```\n<<<END AGENTLY_YAML>>>\n', n: 3 },
    },
  ];

  it.each(cases)('$name: the stream (every chunk size) and the final parse agree', ({ yaml, value }) => {
    const text = wrap(yaml, 'Here it is.\n');
    for (const size of [1, 2, 3, 7, 1000]) expect(both(text, size)).toEqual({ final: value, streamed: value });
  });

  it('any chunking of a block holding marker lines streams to the final value (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 30 }), (sizes) => {
        const text = wrap(cases[0]?.yaml ?? '');
        const parser = createStreamParser({ format: 'yaml_literal' });
        let at = 0;
        for (let i = 0; at < text.length; i++) {
          const size = sizes[i % sizes.length] ?? 1;
          parser.push(text.slice(at, at + size));
          at += size;
        }
        parser.finish();
        expect(parser.snapshot()).toEqual(cases[0]?.value);
      }),
    );
  });

  it('the end marker at column 0, or outside a block, still ends the payload', () => {
    const after = 'ignored: true\n';
    expect(both(`${wrap('ok: |-\n  body\nn: 1')}${after}`, 4).final).toEqual({ ok: 'body', n: 1 });
    const indentedOutside = '<<<BEGIN AGENTLY_YAML>>>\nn: 1\n  <<<END AGENTLY_YAML>>>\nignored: 2\n';
    expect(both(indentedOutside, 3)).toEqual({ final: { n: 1 }, streamed: { n: 1 } });
    // Less indented than the block's content: the block is over, and this is the marker.
    const outdented = '<<<BEGIN AGENTLY_YAML>>>\nok: |-\n    deep\n  <<<END AGENTLY_YAML>>>\nignored: 2\n';
    expect(both(outdented, 5)).toEqual({ final: { ok: 'deep' }, streamed: { ok: 'deep' } });
  });
});

describe('yaml_literal: the nesting guard measures real nesting', () => {
  it('a one-line flow mapping with 300 keys parses', () => {
    const keys = Array.from({ length: 300 }, (_, i) => `k${i}: ${i}`);
    const flow = `m: {${keys.join(', ')}}`;
    expect(nestsTooDeep(flow, Lexer)).toBe(false);
    const value = { m: Object.fromEntries(keys.map((_, i) => [`k${i}`, i])), n: 3 };
    expect(both(wrap(`${flow}\nn: 3`), 64)).toEqual({ final: value, streamed: value });
  });

  it('still refuses 300 levels of block or flow nesting', () => {
    expect(nestsTooDeep(Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}k:`).join('\n'), Lexer)).toBe(true);
    expect(nestsTooDeep(`m: ${'{a: '.repeat(300)}1${'}'.repeat(300)}`, Lexer)).toBe(true);
    expect(nestsTooDeep(`m: ${'[1, '.repeat(200)}1${']'.repeat(200)}`, Lexer)).toBe(false);
  });

  it('a tripped guard is an OutputParseError, never a fragment picked by the JSON fallback', () => {
    const deep = Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n');
    const text = wrap(`top: {"x": 1}\n${deep} 1`, 'Here it is.\n');
    expect(() => parseOutputDetailed(text, { format: 'yaml_literal' })).toThrowError(OutputParseError);
    expect(() => parseOutputDetailed(text, { format: 'yaml_literal' })).toThrowError(/nests deeper than 256 levels/);
    const parser = createStreamParser({ format: 'yaml_literal' });
    parser.push(text);
    parser.finish();
    expect(parser.final).toBeUndefined();
    expect(parser.finalError).toBeInstanceOf(OutputParseError);
    expect(parser.finalError?.rawText).toBe(text);
  });
});
