// The yaml_literal test documents: each docs/formats.md §5 edge case as a whole answer with its final value.
import { defineOutput } from '@fieldstream/core';

export const output = defineOutput({
  summary: ['string', 'one-line status'],
  code: ['string', 'a snippet'],
  score: ['integer', '0-10'],
  ok: ['boolean'],
  tags: [['string', 'a tag']],
  items: [{ name: ['string'], qty: ['number'] }],
});

export type YamlDocument = {
  name: string;
  text: string;
  /** The final value, or `'error'` when the final parse must fail. */
  value: unknown;
  /** A fragment of the final parse's error message. */
  error?: string;
  /** The final parse reports a repair (a payload without its end marker). */
  repaired?: boolean;
  /** The stream's own snapshot before \`finish\`, when it differs from the final value on purpose. */
  streamed?: unknown;
};

const BEGIN = '<<<BEGIN AGENTLY_YAML>>>';
const END = '<<<END AGENTLY_YAML>>>';
const yaml = (...lines: string[]) => [BEGIN, ...lines, END].join('\n');

export const documents: readonly YamlDocument[] = [
  {
    name: 'every kind of field, with <think> before and prose around the payload',
    text: [
      '<think>Plan the answer.</think>',
      'Here it is:',
      yaml(
        'summary: |-',
        '  All systems **nominal** & <b>calm</b> 🚀',
        'code: |',
        '  if (a < b && c) return "</field>";',
        '    nested: indentation kept',
        '',
        'score: 7',
        'ok: true',
        'tags:',
        '  - alpha',
        '  - "beta \\"quoted\\""',
        'items:',
        '  - name: bolt',
        '    qty: 4',
        '  - name: nut',
        '    qty: 0.5',
      ),
      'Anything else?',
    ].join('\n'),
    value: {
      summary: 'All systems **nominal** & <b>calm</b> 🚀',
      code: 'if (a < b && c) return "</field>";\n  nested: indentation kept\n',
      score: 7,
      ok: true,
      tags: ['alpha', 'beta "quoted"'],
      items: [
        { name: 'bolt', qty: 4 },
        { name: 'nut', qty: 0.5 },
      ],
    },
  },
  {
    name: 'chomping: | keeps one trailing newline, |- none, |+ all',
    text: yaml('summary: |', '  clip', '', '', 'code: |-', '  strip', '', 'notes: |+', '  keep', '', '', 'score: 1'),
    value: { summary: 'clip\n', code: 'strip', notes: 'keep\n\n\n', score: 1 },
  },
  {
    name: 'YAML 1.2 core scalars: no, on, yes, off stay strings',
    text: yaml('a: no', 'b: on', 'c: yes', 'd: off', 'e: True', 'f: 0x1F', 'g: ~', 'h: 1e3', "i: '007'"),
    value: { a: 'no', b: 'on', c: 'yes', d: 'off', e: true, f: 31, g: null, h: 1000, i: '007' },
  },
  {
    name: 'a value on the key line is kept, plain or quoted, over several lines',
    text: yaml('summary: all good', 'code: "x = 1;', '  y = 2;"', 'tags: [a, b]'),
    value: { summary: 'all good', code: 'x = 1; y = 2;', tags: ['a', 'b'] },
  },
  {
    name: 'a compact list of records at column 0',
    text: yaml('items:', '- name: a', '  qty: 1', '- name: b', '  qty: 2', 'ok: false'),
    value: {
      items: [
        { name: 'a', qty: 1 },
        { name: 'b', qty: 2 },
      ],
      ok: false,
    },
  },
  {
    // Issue 12: inside a literal block an indented marker line is text (nothing needs escaping).
    name: 'the end marker at column 0 ends a literal block; indented marker lines and look-alikes are content',
    text: [
      BEGIN,
      'code: |',
      '  <<<END AGENTLY',
      `  ${END} is not the marker`,
      `  ${END}`,
      '  last line',
      `${END}  `,
      `Trailing prose: ${END}`,
    ].join('\n'),
    value: { code: `<<<END AGENTLY\n${END} is not the marker\n${END}\nlast line\n` },
  },
  {
    name: 'a ```yaml fence when there are no markers',
    text: 'Sure:\n```yaml\nsummary: |\n  fenced\n  ```\n  not the end\nscore: 2\n```\nDone.',
    value: { summary: 'fenced\n```\nnot the end\n', score: 2 },
  },
  {
    name: 'a fence inside the markers is dropped',
    text: yaml('```yaml', 'summary: |-', '  inside', '```'),
    value: { summary: 'inside' },
  },
  {
    name: 'a missing end marker keeps what was written',
    text: `${BEGIN}\nscore: 3\nsummary: |\n  cut off mid`,
    value: { score: 3, summary: 'cut off mid\n' },
    repaired: true,
    // The clipped block's final line break comes with the end of the text.
    streamed: { score: 3, summary: 'cut off mid' },
  },
  {
    name: 'CRLF line endings',
    text: yaml('summary: |-', '  line one', '  line two', 'tags:', '  - x').replace(/\n/g, '\r\n'),
    value: { summary: 'line one\nline two', tags: ['x'] },
  },
  {
    name: 'leading blank lines and blank lines inside a literal block',
    text: yaml('code: |-', '', '  first', '', '     ', '  last'),
    value: { code: '\nfirst\n\n   \nlast' },
  },
  {
    name: 'an explicit indentation indicator and a header comment',
    text: yaml('code: |2-  # keep the leading spaces', '    indented', '  flush'),
    value: { code: '  indented\nflush' },
  },
  {
    name: 'quoted and numeric keys',
    text: yaml('"x y": |-', '  spaced', "'it''s': 1", '2: two'),
    value: { 'x y': 'spaced', "it's": 1, '2': 'two' },
  },
  {
    name: 'a __proto__ key is an own property',
    text: yaml('__proto__:', '  polluted: true', 'summary: safe'),
    value: JSON.parse('{"__proto__": {"polluted": true}, "summary": "safe"}'),
  },
  {
    name: 'a repeated key: the last wins (the stream keeps the first)',
    text: yaml('summary: |-', '  first', 'summary: second'),
    value: { summary: 'second' },
    streamed: { summary: 'first' },
  },
  {
    name: 'comments and document markers between keys',
    text: yaml('---', '# a comment', 'summary: x  # trailing comment', '', '# another', 'score: 4', '...'),
    value: { summary: 'x', score: 4 },
  },
  {
    name: 'tab indentation is rejected',
    text: yaml('items:', '\t- name: a'),
    value: 'error',
    error: 'line 2 of the YAML is indented with a tab',
  },
  {
    name: 'an alias bomb is rejected',
    text: yaml(
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
    ),
    value: 'error',
    error: 'alias bomb',
  },
  {
    name: 'a list is not a mapping',
    text: yaml('- a', '- b'),
    value: 'error',
    error: 'must be a mapping of fields, found a list',
  },
  {
    name: 'no payload at all',
    text: 'summary: not inside markers',
    value: 'error',
    error: 'no <<<BEGIN AGENTLY_YAML>>> block',
  },
];
