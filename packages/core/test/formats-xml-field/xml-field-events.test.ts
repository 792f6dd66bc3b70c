import { createStreamParser, DepthLimitError, parseOutput, type StreamingData } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { compact, mergedEvents } from '../support/format-streams';
import { documents, output } from './documents';

/** Each chunk's events, compact. */
function perChunk(chunks: readonly string[]): unknown[] {
  const parser = createStreamParser({ format: 'xml_field', output });
  const steps: unknown[] = chunks.map((chunk) => compact(parser.push(chunk)));
  steps.push(compact(parser.finish()));
  return steps;
}

const textOf = (name: string) => (documents.find((document) => document.name === name) as { text: string }).text;

describe('xml_field stream events', () => {
  it('streams every kind of field with nested paths, after <think>, ignoring the prose around', () => {
    const text = textOf('every kind of field, with <think> and prose around the payload');
    expect(mergedEvents('xml_field', output, text)).toEqual([
      ['delta', '$reasoning', 'The user wants a status.', 'The user wants a status.'],
      ['done', '$reasoning', '', 'The user wants a status.', 'observed_boundary'],
      ['delta', '', '', {}],
      ['delta', 'summary', 'All systems **nominal** & <b>calm</b> 🚀', 'All systems **nominal** & <b>calm</b> 🚀'],
      ['done', 'summary', '', 'All systems **nominal** & <b>calm</b> 🚀', 'observed_boundary'],
      ['delta', 'code', 'if (a < b && c) return "</field>";', 'if (a < b && c) return "</field>";'],
      ['done', 'code', '', 'if (a < b && c) return "</field>";', 'observed_boundary'],
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
      ['done', '', '', expect.objectContaining({ score: 7 }), 'final_reconciliation'],
    ]);
  });

  it('holds back a possible closer, then closes when the next opener is complete', () => {
    expect(
      perChunk([
        '<agently_output><field name="code" type="text">a < b',
        ' </fie',
        'ld>',
        '  \n',
        '<fi',
        'eld name="ok" type="json">',
        'true',
        '</field>',
        '</agently_output>',
      ]),
    ).toEqual([
      [
        ['delta', '', '', {}],
        ['delta', 'code', 'a < b', 'a < b'],
      ],
      [],
      [],
      [],
      [],
      [['done', 'code', '', 'a < b', 'observed_boundary']],
      [],
      [],
      [['done', 'ok', '', true, 'observed_boundary']],
      [['done', '', '', { code: 'a < b', ok: true }, 'final_reconciliation']],
    ]);
  });

  it('releases a held </field> and its blanks as content when text follows', () => {
    expect(
      perChunk(['<agently_output><field name="code" type="text">x</field>  ', 'more</field></agently_output>']),
    ).toEqual([
      [
        ['delta', '', '', {}],
        ['delta', 'code', 'x', 'x'],
      ],
      [
        ['delta', 'code', '</field>  more', 'x</field>  more'],
        ['done', 'code', '', 'x</field>  more', 'observed_boundary'],
      ],
      [['done', '', '', { code: 'x</field>  more' }, 'final_reconciliation']],
    ]);
  });

  it('skips unknown names entirely and keeps the first of a repeated name', () => {
    const text = `<agently_output><field name="mood" type="text">happy</field><field name="summary" type="text">first</field><field name="summary" type="text">second</field></agently_output>`;
    expect(mergedEvents('xml_field', output, text)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'summary', 'first', 'first'],
      ['done', 'summary', '', 'first', 'observed_boundary'],
      ['done', '', '', { summary: 'second' }, 'final_reconciliation'],
    ]);
  });

  it('closes a truncated payload from the final parse, as a repair', () => {
    const text = textOf('a missing </agently_output> keeps the closed fields and the truncated one');
    expect(mergedEvents('xml_field', output, text)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'summary', 'done', 'done'],
      ['done', 'summary', '', 'done', 'observed_boundary'],
      ['delta', 'tags', '', []],
      ['delta', 'tags[0]', 'a', 'a'],
      ['done', 'tags[0]', '', 'a', 'observed_boundary'],
      ['done', 'tags', '', ['a'], 'observed_boundary'],
      ['delta', 'code', 'partial co', 'partial co'],
      ['done', 'code', '', 'partial co', 'synthetic_repair'],
      ['done', '', '', { summary: 'done', tags: ['a'], code: 'partial co' }, 'synthetic_repair'],
    ]);
  });

  it('completes a truncated json field with the repaired final value', () => {
    const text = '<agently_output><field name="items" type="json">[{"name": "bo';
    expect(mergedEvents('xml_field', output, text)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'items', '', []],
      ['delta', 'items[0]', '', {}],
      ['delta', 'items[0].name', 'bo', 'bo'],
      ['done', 'items[0].name', '', 'bo', 'synthetic_repair'],
      ['done', 'items[0]', '', { name: 'bo' }, 'synthetic_repair'],
      ['done', 'items', '', [{ name: 'bo' }], 'synthetic_repair'],
      ['done', '', '', { items: [{ name: 'bo' }] }, 'synthetic_repair'],
    ]);
  });

  it('never shows a scaffold comment, and releases an enclosing fence body at the close', () => {
    const events: StreamingData[] = [];
    const parser = createStreamParser({ format: 'xml_field', output });
    const chunks = ['<agently_output><field name="summary" type="text"><!-- (text', ') -->\nok</field>'];
    chunks.push('<field name="code" type="text">```py\nprint(1)\n```\n</field></agently_output>');
    for (const chunk of chunks) events.push(...parser.push(chunk));
    expect(compact(events)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'summary', 'ok', 'ok'],
      ['done', 'summary', '', 'ok', 'observed_boundary'],
      ['delta', 'code', 'print(1)', 'print(1)'],
      ['done', 'code', '', 'print(1)', 'observed_boundary'],
    ]);
  });

  it('agrees with the final parse when the answer falls back to JSON', () => {
    const text = 'No tags here, just {"summary": "plain json", "score": 2}';
    expect(mergedEvents('xml_field', output, text)).toEqual([
      ['delta', 'summary', 'plain json', 'plain json'],
      ['done', 'summary', '', 'plain json', 'final_reconciliation'],
      ['done', 'score', '', 2, 'final_reconciliation'],
      ['done', '', '', { summary: 'plain json', score: 2 }, 'final_reconciliation'],
    ]);
  });

  it('streams a json field nested 100 000 deep without overflowing, and applies maxDepth from the root', () => {
    const depth = 100_000;
    const text = `<agently_output><field name="tags" type="json">${'['.repeat(depth)}${']'.repeat(depth)}</field></agently_output>`;
    const parser = createStreamParser({ format: 'xml_field' });
    let events = 0;
    for (let at = 0; at < text.length; at += 4096) events += parser.push(text.slice(at, at + 4096)).length;
    events += parser.finish().length;
    expect(events).toBe(2 * depth + 2); // an opening delta and a done per array and for the root

    const shallow = '<agently_output><field name="tags" type="json">[[["x"]]]</field></agently_output>';
    expect(parseOutput(shallow, { format: 'xml_field', maxDepth: 4 })).toEqual({ tags: [[['x']]] });
    expect(() => parseOutput(shallow, { format: 'xml_field', maxDepth: 3 })).toThrow(
      new DepthLimitError(3, 'tags[0][0]'),
    );
    const limited = createStreamParser({ format: 'xml_field', maxDepth: 3 });
    expect(() => limited.push(shallow)).toThrow(new DepthLimitError(3, 'tags[0][0]'));
  });
});
