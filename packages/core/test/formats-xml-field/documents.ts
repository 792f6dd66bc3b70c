// The xml_field test documents: each docs/formats.md §4 edge case as a whole answer with its final value.
export { documentOutput as output } from '../support/document-output';

export type XmlDocument = {
  name: string;
  text: string;
  /** The final value, or `'error'` when the final parse must fail. */
  value: unknown;
  /** The final parse reports a repair (a truncated payload). */
  repaired?: boolean;
  /** The stream's own snapshot before \`finish\`, when it differs from the final value on purpose. */
  streamed?: unknown;
};

const fence = '```';
const open = (name: string, type: 'text' | 'json') => `<field name="${name}" type="${type}">`;

export const documents: readonly XmlDocument[] = [
  {
    name: 'every kind of field, with <think> and prose around the payload',
    text: [
      '<think>The user wants a status.</think>',
      'Here is the answer:',
      '<agently_output>',
      open('summary', 'text'),
      'All systems **nominal** & <b>calm</b> 🚀',
      '</field>',
      open('code', 'text'),
      'if (a < b && c) return "</field>";',
      '</field>',
      open('score', 'json'),
      '7',
      '</field>',
      open('ok', 'json'),
      'true',
      '</field>',
      open('tags', 'json'),
      '["alpha", "beta \\"quoted\\""]',
      '</field>',
      open('items', 'json'),
      '[{"name": "bolt", "qty": 4}, {"name": "nut", "qty": 0.5}]',
      '</field>',
      '</agently_output>',
      'Hope this helps!',
    ].join('\n'),
    value: {
      summary: 'All systems **nominal** & <b>calm</b> 🚀',
      code: 'if (a < b && c) return "</field>";',
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
    name: '</field> inside code, followed by more code',
    text: `<agently_output>${open('code', 'text')}const close = '</field>';\n</field> is a tag\n  </field>\nreturn close;</field>${open('ok', 'json')}false</field></agently_output>`,
    value: { code: "const close = '</field>';\n</field> is a tag\n  </field>\nreturn close;", ok: false },
  },
  {
    name: 'attributes in either order, with either quote',
    text: [
      '<agently_output>',
      `<field type="text" name="summary">type first</field>`,
      `<field name='code' type='text'>single quotes</field>`,
      `<field type='json' name="score">3</field>`,
      `<field  name = "ok"   type = 'json' >true</field>`,
      '</agently_output>',
    ].join('\n'),
    value: { summary: 'type first', code: 'single quotes', score: 3, ok: true },
  },
  {
    name: 'entities are not decoded; raw & and <b> are content',
    text: `<agently_output>${open('summary', 'text')}Tom &amp; Jerry &lt;3 & <b>friends</b> &#x27;</field></agently_output>`,
    value: { summary: 'Tom &amp; Jerry &lt;3 & <b>friends</b> &#x27;' },
  },
  {
    name: 'unknown names are skipped',
    text: `<agently_output>${open('mood', 'text')}happy</field>${open('summary', 'text')}kept</field>${open('extra', 'json')}{"a": 1}</field></agently_output>`,
    value: { summary: 'kept' },
  },
  {
    name: 'a repeated name overwrites (the stream keeps the first)',
    text: `<agently_output>${open('summary', 'text')}first</field>\n${open('summary', 'text')}second</field></agently_output>`,
    value: { summary: 'second' },
    streamed: { summary: 'first' },
  },
  {
    name: 'a missing </agently_output> keeps the closed fields and the truncated one',
    text: `<agently_output>\n${open('summary', 'text')}done\n</field>\n${open('tags', 'json')}["a"]</field>\n${open('code', 'text')}partial co</fi`,
    value: { summary: 'done', tags: ['a'], code: 'partial co' },
    repaired: true,
  },
  {
    name: 'truncated right after a closer',
    text: `<agently_output>${open('summary', 'text')}whole</field>\n<fie`,
    value: { summary: 'whole' },
    repaired: true,
  },
  {
    name: 'CRLF line endings',
    text: `<agently_output>\r\n${open('summary', 'text')}\r\nline one\r\nline two\r\n</field>\r\n${open('items', 'json')}\r\n[{"name": "a\\r\\nb", "qty": 1}]\r\n</field>\r\n</agently_output>\r\n`,
    value: { summary: 'line one\nline two', items: [{ name: 'a\r\nb', qty: 1 }] },
  },
  {
    name: 'scaffold comments and an enclosing fence are stripped',
    text: `<agently_output>${open('summary', 'text')}\n<!-- (text) one-line status -->\nAll good\n</field>${open('code', 'text')}\n${fence}python\nprint("hi")\n${fence}\n</field>${open('items', 'json')}\n<!-- (json) -->\n${fence}json\n[{"name": "n", "qty": 2,}]\n${fence}\n</field></agently_output>`,
    value: { summary: 'All good', code: 'print("hi")', items: [{ name: 'n', qty: 2 }] },
  },
  {
    name: 'a fence that does not enclose everything is content',
    text: `<agently_output>${open('code', 'text')}${fence}sh\nls\n${fence}\nthen run it</field></agently_output>`,
    value: { code: `${fence}sh\nls\n${fence}\nthen run it` },
  },
  {
    name: 'empty text field and empty json field',
    text: `<agently_output>${open('summary', 'text')}</field>${open('score', 'json')}  </field></agently_output>`,
    value: { summary: '' },
  },
  {
    name: 'a second payload after the first: the span runs to the last closer',
    text: `<agently_output>${open('summary', 'text')}draft</field></agently_output>\nCorrected:\n<agently_output>${open('code', 'text')}x</field></agently_output>`,
    value: { summary: 'draft', code: 'x' },
  },
  {
    name: 'a field opener look-alike after </field> is content',
    text: `<agently_output>${open('code', 'text')}<fieldset></fieldset></field>\n<field name="x">\n</field></agently_output>`,
    value: { code: '<fieldset></fieldset></field>\n<field name="x">' },
  },
  {
    name: 'no payload at all',
    text: 'I cannot answer that.',
    value: 'error',
  },
  {
    name: 'a placeholder echoed from the instructions',
    text: `<agently_output>${open('summary', 'text')}<one-line status></field></agently_output>`,
    value: 'error',
  },
];
