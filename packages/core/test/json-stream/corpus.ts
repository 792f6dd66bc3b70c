// Documents the JSON stream contract tests run under every chunking: `text` is what a model sends,
// `payload` the JSON inside it (what JSON.parse must agree with).

export type CorpusDocument = { name: string; text: string; payload: string };

const doc = (name: string, payload: string, before = '', after = ''): CorpusDocument => ({
  name,
  text: before + payload + after,
  payload,
});

export const corpus: readonly CorpusDocument[] = [
  doc(
    'escapes and unicode',
    String.raw`{"text": "line1\nline2 \"quoted\" back\\slash \/ tab\t \b\f\r é \u00e9 \u4e2d\u6587 \ud83d\ude00 raw 😀 中文", "end": "\\"}`,
  ),
  doc(
    'empty strings and containers',
    '{"s": "", "o": {}, "a": [], "nested": [[], {}, [[]], [{}], ""], "deep": {"x": {"y": {}}}}',
  ),
  doc(
    'numbers',
    '{"n": [0, -0, 1, -1, 42, 12345678901234567890, 1.5, -0.25, 1e10, 1E-5, -2.5e+3, 6.02e23, 0.1], "neg": -7}',
  ),
  doc('literals', '{"t": true, "f": false, "n": null, "list": [true, false, null]}'),
  doc(
    'root array of records',
    '[{"title": "a", "score": 1}, {"title": "b", "tags": ["x", "y"], "meta": {"ok": true}}, [], "s", 3, null]',
  ),
  doc(
    'keys needing quotes',
    '{"x y": 1, "$ref": "#/defs/a", "0": "zero", "a.b": {"c[0]": 2}, "": "empty key", "é": [3], "quote\\"d": "q"}',
  ),
  doc(
    'prose and a json fence',
    '{\n  "status": "ok",\n  "items": [\n    {"id": 1, "label": "first"},\n    {"id": 2, "label": "second"}\n  ]\n}',
    'Sure! Here is the JSON you asked for:\n\n```json\n',
    '\n```\n\nLet me know if you need anything else {or more}.',
  ),
  doc('bare fence', '[1, [2, [3]]]', '```\n', '\n```'),
  doc(
    'reasoning before the answer',
    '{"summary": "done", "steps": ["plan", "act"]}',
    '<think>\nThe user wants a summary. {"draft": true}\n</think>\n\n',
  ),
  doc(
    'prototype keys',
    '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": 1, "a": {"__proto__": []}}',
  ),
  doc('whitespace everywhere', ' \n\t{ "a" : [ 1 , 2 ] ,\r\n "b" : { } , "c" : "d" } \n', ' \n'),
  doc(
    'escaped surrogate pairs',
    String.raw`{"emoji": "\ud83d\ude00\ud83d\ude01\uD83C\uDF89", "mixed": "a\ud83d\ude00b😀c\u00e9", "bmp": "\u2603\u20ac"}`,
  ),
  doc('long text', JSON.stringify({ body: 'Lorem ipsum "dolor" sit\namet, 中文字符 😀 '.repeat(20), n: 1 })),
];
