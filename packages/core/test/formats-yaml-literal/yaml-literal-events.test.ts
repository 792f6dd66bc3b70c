import { createStreamParser, DepthLimitError, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { compact, mergedEvents } from '../support/format-streams';
import { documents, output } from './documents';

/** Each chunk's events, compact. */
function perChunk(chunks: readonly string[]): unknown[] {
  const parser = createStreamParser({ format: 'yaml_literal', output });
  const steps: unknown[] = chunks.map((chunk) => compact(parser.push(chunk)));
  steps.push(compact(parser.finish()));
  return steps;
}

const textOf = (name: string) => (documents.find((document) => document.name === name) as { text: string }).text;

describe('yaml_literal stream events', () => {
  it('streams literal blocks as they arrive and completes the other entries at the next key', () => {
    const text = textOf('every kind of field, with <think> before and prose around the payload');
    const code = 'if (a < b && c) return "</field>";\n  nested: indentation kept\n';
    expect(mergedEvents('yaml_literal', output, text)).toEqual([
      ['delta', '$reasoning', 'Plan the answer.', 'Plan the answer.'],
      ['done', '$reasoning', '', 'Plan the answer.', 'observed_boundary'],
      ['delta', '', '', {}],
      ['delta', 'summary', 'All systems **nominal** & <b>calm</b> 🚀', 'All systems **nominal** & <b>calm</b> 🚀'],
      ['done', 'summary', '', 'All systems **nominal** & <b>calm</b> 🚀', 'observed_boundary'],
      ['delta', 'code', code, code],
      ['done', 'code', '', code, 'observed_boundary'],
      ['done', 'score', '', 7, 'observed_boundary'],
      ['done', 'ok', '', true, 'observed_boundary'],
      ['delta', 'tags', '', []],
      ['delta', 'tags[0]', 'alpha', 'alpha'],
      ['done', 'tags[0]', '', 'alpha', 'observed_boundary'],
      ['delta', 'tags[1]', 'beta "quoted"', 'beta "quoted"'],
      ['done', 'tags[1]', '', 'beta "quoted"', 'observed_boundary'],
      ['done', 'tags', '', ['alpha', 'beta "quoted"'], 'observed_boundary'],
      ['delta', 'items', '', []],
      ['delta', 'items[0]', '', {}],
      ['delta', 'items[0].name', 'bolt', 'bolt'],
      ['done', 'items[0].name', '', 'bolt', 'observed_boundary'],
      ['done', 'items[0].qty', '', 4, 'observed_boundary'],
      ['done', 'items[0]', '', { name: 'bolt', qty: 4 }, 'observed_boundary'],
      ['delta', 'items[1]', '', {}],
      ['delta', 'items[1].name', 'nut', 'nut'],
      ['done', 'items[1].name', '', 'nut', 'observed_boundary'],
      ['done', 'items[1].qty', '', 0.5, 'observed_boundary'],
      ['done', 'items[1]', '', { name: 'nut', qty: 0.5 }, 'observed_boundary'],
      [
        'done',
        'items',
        '',
        [
          { name: 'bolt', qty: 4 },
          { name: 'nut', qty: 0.5 },
        ],
        'observed_boundary',
      ],
      ['done', '', '', expect.objectContaining({ code }), 'final_reconciliation'],
    ]);
  });

  it('streams a literal line before it ends and holds back what could be the end marker', () => {
    expect(
      perChunk([
        '<<<BEGIN AGENTLY_YAML>>>\nsummary: |\n  hel',
        'lo wor',
        // At column 0 (indented, inside the block, it would be the block's text).
        'ld\n\n<<<END AGENT',
        'LY_YAML>>>',
        '\nprose after the marker',
      ]),
    ).toEqual([
      [
        ['delta', '', '', {}],
        ['delta', 'summary', 'hel', 'hel'],
      ],
      [['delta', 'summary', 'lo wor', 'hello wor']],
      [['delta', 'summary', 'ld', 'hello world']],
      [],
      [
        ['delta', 'summary', '\n', 'hello world\n'],
        ['done', 'summary', '', 'hello world\n', 'observed_boundary'],
      ],
      [['done', '', '', { summary: 'hello world\n' }, 'final_reconciliation']],
    ]);
  });

  it('holds trailing line breaks until the chomping indicator decides them', () => {
    expect(
      perChunk(['<<<BEGIN AGENTLY_YAML>>>\ncode: |+\n  a\n', '\n', '  b\n\n', 'summary: |-\n  c\n\n', 'ok: true\n']),
    ).toEqual([
      [
        ['delta', '', '', {}],
        ['delta', 'code', 'a', 'a'],
      ],
      [],
      [['delta', 'code', '\n\nb', 'a\n\nb']],
      [
        ['delta', 'code', '\n\n', 'a\n\nb\n\n'],
        ['done', 'code', '', 'a\n\nb\n\n', 'observed_boundary'],
        ['delta', 'summary', 'c', 'c'],
      ],
      [['done', 'summary', '', 'c', 'observed_boundary']],
      [
        ['done', 'ok', '', true, 'synthetic_repair'],
        ['done', '', '', { code: 'a\n\nb\n\n', summary: 'c', ok: true }, 'synthetic_repair'],
      ],
    ]);
  });

  it('streams a nested list of records item by item, each when the next begins', () => {
    expect(
      perChunk([
        '<<<BEGIN AGENTLY_YAML>>>\nitems:\n  - name: a\n',
        '    qty: 1\n  - name: b\n',
        '    qty: 2\n',
        'ok: true\n',
        '<<<END AGENTLY_YAML>>>\n',
      ]),
    ).toEqual([
      [
        ['delta', '', '', {}],
        ['delta', 'items', '', []],
      ],
      [
        ['delta', 'items[0]', '', {}],
        ['delta', 'items[0].name', 'a', 'a'],
        ['done', 'items[0].name', '', 'a', 'observed_boundary'],
        ['done', 'items[0].qty', '', 1, 'observed_boundary'],
        ['done', 'items[0]', '', { name: 'a', qty: 1 }, 'observed_boundary'],
      ],
      [],
      [
        ['delta', 'items[1]', '', {}],
        ['delta', 'items[1].name', 'b', 'b'],
        ['done', 'items[1].name', '', 'b', 'observed_boundary'],
        ['done', 'items[1].qty', '', 2, 'observed_boundary'],
        ['done', 'items[1]', '', { name: 'b', qty: 2 }, 'observed_boundary'],
        [
          'done',
          'items',
          '',
          [
            { name: 'a', qty: 1 },
            { name: 'b', qty: 2 },
          ],
          'observed_boundary',
        ],
      ],
      [['done', 'ok', '', true, 'observed_boundary']],
      [
        [
          'done',
          '',
          '',
          {
            items: [
              { name: 'a', qty: 1 },
              { name: 'b', qty: 2 },
            ],
            ok: true,
          },
          'final_reconciliation',
        ],
      ],
    ]);
  });

  it('streams a nested mapping key by key, and falls back to one parse when items do not parse alone', () => {
    const text = [
      '<<<BEGIN AGENTLY_YAML>>>',
      'meta:',
      '  owner: ann',
      '  tags:',
      '  - x',
      'items:',
      '  - &first {name: a, qty: 1}',
      '  - *first',
      '<<<END AGENTLY_YAML>>>',
    ].join('\n');
    expect(mergedEvents('yaml_literal', undefined, text)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'meta', '', {}],
      ['delta', 'meta.owner', 'ann', 'ann'],
      ['done', 'meta.owner', '', 'ann', 'observed_boundary'],
      ['delta', 'meta.tags', '', []],
      ['delta', 'meta.tags[0]', 'x', 'x'],
      ['done', 'meta.tags[0]', '', 'x', 'observed_boundary'],
      ['done', 'meta.tags', '', ['x'], 'observed_boundary'],
      ['done', 'meta', '', { owner: 'ann', tags: ['x'] }, 'observed_boundary'],
      ['delta', 'items', '', []],
      ['delta', 'items[0]', '', {}],
      ['delta', 'items[0].name', 'a', 'a'],
      ['done', 'items[0].name', '', 'a', 'observed_boundary'],
      ['done', 'items[0].qty', '', 1, 'observed_boundary'],
      ['done', 'items[0]', '', { name: 'a', qty: 1 }, 'observed_boundary'],
      // `*first` does not parse alone: the whole entry is parsed once it ends.
      ['delta', 'items[1]', '', {}],
      ['delta', 'items[1].name', 'a', 'a'],
      ['done', 'items[1].name', '', 'a', 'observed_boundary'],
      ['done', 'items[1].qty', '', 1, 'observed_boundary'],
      ['done', 'items[1]', '', { name: 'a', qty: 1 }, 'observed_boundary'],
      [
        'done',
        'items',
        '',
        [
          { name: 'a', qty: 1 },
          { name: 'a', qty: 1 },
        ],
        'observed_boundary',
      ],
      ['done', '', '', expect.objectContaining({ meta: { owner: 'ann', tags: ['x'] } }), 'final_reconciliation'],
    ]);
  });

  it('keeps values on the key line, YAML 1.2 strings included', () => {
    const text = '<<<BEGIN AGENTLY_YAML>>>\nsummary: no\ncode: on # not a boolean\n<<<END AGENTLY_YAML>>>';
    expect(mergedEvents('yaml_literal', output, text)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'summary', 'no', 'no'],
      ['done', 'summary', '', 'no', 'observed_boundary'],
      ['delta', 'code', 'on', 'on'],
      ['done', 'code', '', 'on', 'observed_boundary'],
      ['done', '', '', { summary: 'no', code: 'on' }, 'final_reconciliation'],
    ]);
  });

  it('emits nothing after a rejected entry and fails the final parse (tabs)', () => {
    const parser = createStreamParser({ format: 'yaml_literal', output });
    const events = [
      ...parser.push('<<<BEGIN AGENTLY_YAML>>>\nsummary: |-\n  fine\ntags:\n\t- a\n<<<END AGENTLY_YAML>>>\n'),
      ...parser.finish(),
    ];
    expect(compact(events)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'summary', 'fine', 'fine'],
      ['done', 'summary', '', 'fine', 'observed_boundary'],
      // Without a final value, the root closes with what was streamed, as a repair.
      ['done', '', '', { summary: 'fine' }, 'synthetic_repair'],
    ]);
    expect(parser.final).toBeUndefined();
    expect(parser.finalError?.message).toContain('line 4 of the YAML is indented with a tab');
  });

  it('applies maxDepth from the root, and rejects nesting too deep for the yaml package', () => {
    const text = '<<<BEGIN AGENTLY_YAML>>>\ntags: [[[x]]]\n<<<END AGENTLY_YAML>>>\n';
    expect(parseOutput(text, { format: 'yaml_literal', maxDepth: 4 })).toEqual({ tags: [[['x']]] });
    expect(() => parseOutput(text, { format: 'yaml_literal', maxDepth: 3 })).toThrow(
      new DepthLimitError(3, 'tags[0][0]'),
    );
    const limited = createStreamParser({ format: 'yaml_literal', maxDepth: 3 });
    expect(() => limited.push(text)).toThrow(new DepthLimitError(3, 'tags[0][0]'));

    const depth = 100_000;
    const deep = `<<<BEGIN AGENTLY_YAML>>>\ntags: ${'['.repeat(depth)}${']'.repeat(depth)}\n<<<END AGENTLY_YAML>>>\n`;
    expect(() => parseOutput(deep, { format: 'yaml_literal' })).toThrow('the YAML nests deeper than 256 levels');
    const parser = createStreamParser({ format: 'yaml_literal' });
    expect(compact([...parser.push(deep), ...parser.finish()])).toEqual([
      ['delta', '', '', {}],
      ['done', '', '', {}, 'synthetic_repair'],
    ]);
    expect(parser.finalError?.message).toContain('nests deeper than 256 levels');
  });

  it('refuses nesting past 256 levels before the yaml package recurses, but not brackets in text', () => {
    const wrap = (yaml: string) => `<<<BEGIN AGENTLY_YAML>>>\n${yaml}\n<<<END AGENTLY_YAML>>>\n`;
    const flow = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(() => parseOutput(wrap(`tags: ${'- '.repeat(300)}x`), { format: 'yaml_literal' })).toThrow(
      'nests deeper than 256 levels',
    );
    expect(() => parseOutput(wrap(`tags: ${flow(300)}`), { format: 'yaml_literal' })).toThrow(
      'nests deeper than 256 levels',
    );
    let nested: unknown = [];
    for (let level = 1; level < 200; level++) nested = [nested];
    expect(parseOutput(wrap(`tags: ${flow(200)}`), { format: 'yaml_literal' })).toEqual({ tags: nested });
    const brackets = '[{'.repeat(400);
    expect(parseOutput(wrap(`code: |-\n  ${brackets}\nsummary: "${brackets}"`), { format: 'yaml_literal' })).toEqual({
      code: brackets,
      summary: brackets,
    });
  });
});
