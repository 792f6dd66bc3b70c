// The hybrid test documents: each docs/formats.md §3 edge case as a whole answer with its final value.
export { documentOutput as output } from '../support/document-output';

export type HybridDocument = {
  name: string;
  text: string;
  /** The final value, or `'error'` when the final parse must fail. */
  value: unknown;
  /** The stream's own snapshot differs from the final value on purpose (a repeated section). */
  streamDiffers?: boolean;
};

const fence = '```';

export const documents: readonly HybridDocument[] = [
  {
    name: 'every kind of field',
    text: [
      '### summary',
      'All systems **nominal** & <b>calm</b> 🚀',
      '',
      '### code',
      'Run this:',
      `${fence}ts`,
      'if (a < b && c) return "</field>";',
      fence,
      'Then stop.',
      '',
      '### score',
      `${fence}json`,
      '7',
      fence,
      '',
      '### ok',
      `${fence}json`,
      'true',
      fence,
      '',
      '### tags',
      `${fence}json`,
      '["alpha", "beta \\"quoted\\""]',
      fence,
      '',
      '### items',
      `${fence}json`,
      '[{"name": "bolt", "qty": 4}, {"name": "nut", "qty": 0.5}]',
      fence,
      '',
    ].join('\n'),
    value: {
      summary: 'All systems **nominal** & <b>calm</b> 🚀',
      code: `Run this:\n${fence}ts\nif (a < b && c) return "</field>";\n${fence}\nThen stop.`,
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
    name: '[text] and [JSON] annotations',
    text: `### summary [text]\nFine\n\n### score [JSON]\n${fence}json\n3\n${fence}\n\n### tags  [json]  \n["x"]\n`,
    value: { summary: 'Fine', score: 3, tags: ['x'] },
  },
  {
    name: 'unknown ### lines are content',
    text: '### summary\nIntro\n### Details\nMore\n### Summary\n###summary\n### summary please\nEnd\n### score\n2',
    value: { summary: 'Intro\n### Details\nMore\n### Summary\n###summary\n### summary please\nEnd', score: 2 },
  },
  {
    name: 'header-looking lines inside a fence are content',
    text: `### code\nExample:\n${fence}md\n### score\n    ### summary\n${fence}\n### score\n5\n`,
    value: { code: `Example:\n${fence}md\n### score\n    ### summary\n${fence}`, score: 5 },
  },
  {
    name: 'text before the first header is ignored',
    text: `Sure! Here is the answer.\n### notes\n${fence}\n### fake\n\n### summary\nReal one`,
    value: { summary: 'Real one' },
  },
  {
    name: 'a repeated section: the last wins',
    text: '### summary\nFirst draft\n\n### score\n1\n\n### summary\nSecond thought\n',
    value: { summary: 'Second thought', score: 1 },
    streamDiffers: true,
  },
  {
    name: 'CRLF line endings',
    text: `### summary\r\nLine one\r\nLine two\r\n\r\n### score\r\n${fence}json\r\n4\r\n${fence}\r\n\r\n### code\r\n${fence}py\r\nprint(1)\r\n${fence}\r\n`,
    value: { summary: 'Line one\nLine two', score: 4, code: 'print(1)' },
  },
  {
    name: 'trailing prose after a JSON block does not leak',
    text: `### tags\n${fence}json\n["a"]\n${fence}\nHope this helps!\n\n### score\n${fence}json\n9\n${fence}\nThat is all.`,
    value: { tags: ['a'], score: 9 },
  },
  {
    name: 'a whole answer wrapped in a fence',
    text: `${fence}markdown\n### summary\nWrapped\n\n### ok\nfalse\n${fence}\n`,
    value: { summary: 'Wrapped', ok: false },
  },
  {
    name: 'a wrapper object is unwrapped',
    text: `### score\n${fence}json\n{"score": 8}\n${fence}\n\n### tags\n{ 'tags' : ["w"] }\n\n### items\n{"items": [{"name": "x", "qty": 1}]}`,
    value: { score: 8, tags: ['w'], items: [{ name: 'x', qty: 1 }] },
  },
  {
    name: 'one enclosing fence is stripped from a text field',
    text: `### code\n${fence}ts\nconst a = 1 < 2;\n${fence}\n\n### summary\n${fence}json\n"a \\"quoted\\" line"\n${fence}\n`,
    value: { code: 'const a = 1 < 2;', summary: 'a "quoted" line' },
  },
  {
    name: 'two fenced blocks are content, not an enclosing fence',
    text: `### code\n${fence}\none\n${fence}\n${fence}\ntwo\n${fence}\n### score\n0`,
    value: { code: `${fence}\none\n${fence}\n${fence}\ntwo\n${fence}`, score: 0 },
  },
  {
    name: 'scaffold comments are stripped',
    text: '### summary\n<!-- (text) one-line status -->\n<!-- more -->  All good\n\n### score\n<!-- (integer) 0-10 -->\n6\n',
    value: { summary: 'All good', score: 6 },
  },
  {
    name: 'prose before a JSON value is skipped',
    text: `### tags\nHere they are:\n${fence}json\n["p", "q"]\n${fence}\n\n### items\nThe list follows.\n\n[{"name": "n", "qty": 2}]\n`,
    value: { tags: ['p', 'q'], items: [{ name: 'n', qty: 2 }] },
  },
  {
    name: 'a truncated JSON block is closed',
    text: `### summary\nCut short\n### tags\n${fence}json\n["a", "b`,
    value: { summary: 'Cut short', tags: ['a', 'b'] },
  },
  {
    name: 'empty sections',
    text: '### summary\n\n### tags\n\n### score\n1',
    value: { summary: '', score: 1 },
  },
  {
    name: 'a placeholder echo fails the final parse',
    text: '### summary\n<one-line status>\n\n### score\n3',
    value: 'error',
  },
  {
    name: 'no section: the JSON fallback',
    text: 'Here: {"summary": "from json", "score": 2}',
    value: { summary: 'from json', score: 2 },
  },
];
