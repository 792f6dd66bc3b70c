// flat_markdown: hybrid's header rules, scaffold comments in the skeleton, coercion by schema.
import { defineOutput, OutputParseError, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { formats } from '../support/all-formats';
import { standardChunkings } from '../support/chunkings';
import { contractViolations, mergeDeltas } from '../support/events';
import { mergedEvents, streamChunks } from '../support/format-streams';

const output = defineOutput({
  summary: ['string', 'one-line status'],
  score: ['integer', '0-10'],
  ratio: ['number'],
  ok: ['boolean'],
  level: [[1, 2, 3], 'a level'],
  tags: [['string', 'a tag']],
  meta: { ok: ['boolean'] },
});

const fence = '```';
const parse = (text: string) => parseOutput(text, { format: 'flat_markdown', output });

const documents = [
  {
    name: 'an answer that follows the skeleton',
    text: [
      '### summary',
      '<!-- (text) one-line status -->',
      'All good',
      '',
      '### score',
      '<!-- (integer) 0-10 -->',
      '7',
      '',
      '### ok',
      'True',
      '',
      '### tags',
      '["a", "b"]',
      '',
      '### meta',
      `${fence}json`,
      '{"ok": false}',
      fence,
      '',
    ].join('\n'),
    value: { summary: 'All good', score: 7, ok: true, tags: ['a', 'b'], meta: { ok: false } },
  },
  {
    name: 'quoted and bare scalars coerced by schema',
    text: '### score\n"3"\n\n### ratio\n-0.25\n\n### ok\nFALSE\n\n### level\n2',
    value: { score: 3, ratio: -0.25, ok: false, level: 2 },
  },
  {
    name: 'a wrapper is unwrapped',
    text: '### tags\n{"tags": ["x"]}\n\n### score\n{"score": 4}',
    value: { tags: ['x'], score: 4 },
  },
];

describe('flat_markdown', () => {
  it('parses bare numbers and booleans by schema (Agently would leave "3")', () => {
    for (const document of documents) expect(parse(document.text)).toEqual(document.value);
  });

  it('hybrid keeps a quoted "3" a string; flat_markdown coerces it', () => {
    const text = '### score\n"3"';
    expect(parseOutput(text, { format: 'hybrid', output })).toEqual({ score: '3' });
    expect(parse(text)).toEqual({ score: 3 });
  });

  it('a value that is neither JSON nor a bare scalar of the schema type is an OutputParseError', () => {
    expect(() => parse('### score\nabout seven')).toThrow(OutputParseError);
    expect(() => parse('### ok\nyes')).toThrow(/the "ok" section is not a JSON value/);
  });

  it('streams coerced scalars when their section closes, and JSON with nested paths', () => {
    const document = documents[0] as (typeof documents)[number];
    expect(mergedEvents('flat_markdown', output, document.text)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'summary', 'All good', 'All good'],
      ['done', 'summary', '', 'All good', 'observed_boundary'],
      ['done', 'score', '', 7, 'observed_boundary'],
      ['done', 'ok', '', true, 'observed_boundary'],
      ['delta', 'tags', '', []],
      ['delta', 'tags[0]', 'a', 'a'],
      ['done', 'tags[0]', '', 'a', 'observed_boundary'],
      ['delta', 'tags[1]', 'b', 'b'],
      ['done', 'tags[1]', '', 'b', 'observed_boundary'],
      ['done', 'tags', '', ['a', 'b'], 'observed_boundary'],
      ['delta', 'meta', '', {}],
      ['done', 'meta.ok', '', false, 'observed_boundary'],
      ['done', 'meta', '', { ok: false }, 'observed_boundary'],
      ['done', '', '', document.value, 'final_reconciliation'],
    ]);
  });

  it('a coerced value at the end of the text completes at finish with the final value', () => {
    expect(mergedEvents('flat_markdown', output, '### score\n"3"\n\n### ok\nFALSE')).toEqual([
      ['delta', '', '', {}],
      ['done', 'score', '', 3, 'observed_boundary'],
      ['done', 'ok', '', false, 'final_reconciliation'],
      ['done', '', '', { score: 3, ok: false }, 'final_reconciliation'],
    ]);
  });

  it.each(documents.map((document) => [document.name, document] as const))(
    'chunking invariance: %s',
    (_name, document) => {
      const whole = streamChunks('flat_markdown', output, [document.text]);
      expect(whole.snapshot).toEqual(document.value);
      const canonical = mergeDeltas(whole.events);
      for (const chunks of standardChunkings(document.text, 110, 3)) {
        const run = streamChunks('flat_markdown', output, chunks);
        expect(contractViolations(run.events)).toEqual([]);
        expect(mergeDeltas(run.events)).toEqual(canonical);
      }
    },
  );

  it('instructions: ### sections with the type and description as an HTML comment under each header', () => {
    expect(formats.flat_markdown.instructions(output)).toBe(
      [
        'Write your answer as Markdown sections, one for each field of the skeleton below, in the same order.',
        '- Start each section with its header line exactly as shown: "### " followed by the field name.',
        '- Under the header, replace the <!-- … --> line, which says what the field holds, with the value.',
        '- Text is written as it is, with no quotes and no escaping. Numbers and true/false are written bare. Lists and objects are written as JSON.',
        '- To give a text field no value, add " [JSON]" to its header line and write null under it. Use [JSON] on a text field for null only.',
        '- Leave one blank line between sections. Write nothing before the first header and nothing after the last section.',
        '',
        '### summary',
        '<!-- (text) one-line status -->',
        '',
        '### score',
        '<!-- (integer) 0-10 -->',
        '',
        '### ratio',
        '<!-- (number) -->',
        '',
        '### ok',
        '<!-- (boolean) -->',
        '',
        '### level',
        '<!-- (one of: 1, 2, 3) a level -->',
        '',
        '### tags',
        '<!-- (JSON list of strings; each: a tag) -->',
        '',
        '### meta',
        '<!-- (JSON object with the keys ok) -->',
      ].join('\n'),
    );
  });

  it('an answer that only echoes the scaffold comments is a parse failure', () => {
    const skeleton = formats.flat_markdown.instructions(output).split('\n\n').slice(1).join('\n\n');
    expect(() => parse(skeleton)).toThrow(/the section holds only the skeleton comment "<!-- \(text\)/);
  });
});
