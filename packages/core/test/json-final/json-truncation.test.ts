import { OutputParseError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';

const CORPUS: Record<string, string> = {
  incident: JSON.stringify(
    {
      status_summary: 'Checkout latency is up 40% — "p99" at 2.3 s\nsince 09:00',
      risk_flags: ['payments', 'cart \\ sessions', ''],
      meta: { score: 7, ok: false, ratio: -1.25e-3, big: 12345678901234, none: null },
      customer_reply: 'We are on it 🚑 (café, 日本語)',
      'key with spaces': { '': [], 'a"b': {} },
      nested: [[1, [2, [3, {}]]], { deep: { deeper: [true, null] } }],
    },
    null,
    2,
  ),
  escapes: '["\\u00e9\\uD83D\\uDE00\\n\\t\\"\\\\\\/", "\\u0000", 0, -0.5, 1E+2, 3e-2, true, false, null]',
  compact: '{"a":[{"b":"c","d":[1,2,3]},{"e":{}}],"f":"","g":[[],[{}]]}',
  json5: `{
  // a comment
  name: 'Ada', list: [1, 2, 3,], hex: 0x1F, 'quoted key': "v", /* block */ last: {x: .5,},
}`,
};

/**
 * Checks that a value read from a prefix agrees with the full value on every completed path: in
 * each container only the last member may be unfinished; an unfinished string is a prefix of the
 * full string, an unfinished number is some number; everything before it is deep-equal.
 */
function expectPrefixConsistent(partial: unknown, full: unknown, path = '$'): void {
  if (typeof partial === 'string') {
    expect(typeof full, path).toBe('string');
    expect((full as string).startsWith(partial), `${path}: ${JSON.stringify(partial)}`).toBe(true);
    return;
  }
  if (typeof partial === 'number') {
    expect(typeof full, path).toBe('number');
    return;
  }
  if (Array.isArray(partial)) {
    expect(Array.isArray(full), path).toBe(true);
    const items = full as unknown[];
    expect(partial.length, path).toBeLessThanOrEqual(items.length);
    partial.forEach((item, i) => {
      if (i < partial.length - 1) expect(item, `${path}[${i}]`).toEqual(items[i]);
      else expectPrefixConsistent(item, items[i], `${path}[${i}]`);
    });
    return;
  }
  if (partial !== null && typeof partial === 'object') {
    expect(full !== null && typeof full === 'object' && !Array.isArray(full), path).toBe(true);
    const keys = Object.keys(partial);
    const fullRecord = full as Record<string, unknown>;
    expect(keys, path).toEqual(Object.keys(fullRecord).slice(0, keys.length));
    keys.forEach((key, i) => {
      const value = (partial as Record<string, unknown>)[key];
      if (i < keys.length - 1) expect(value, `${path}.${key}`).toEqual(fullRecord[key]);
      else expectPrefixConsistent(value, fullRecord[key], `${path}.${key}`);
    });
    return;
  }
  expect(partial, path).toEqual(full); // booleans and null are never partial
}

describe('json final parse: every prefix of a document', () => {
  it.each(Object.entries(CORPUS))('%s', (_name, document) => {
    const full = parseOutputDetailed(document).value;
    const rootEnd = document.trimEnd().length;
    for (let cut = 0; cut <= document.length; cut++) {
      const prefix = document.slice(0, cut);
      if (prefix.trim() === '') {
        expect(() => parseOutputDetailed(prefix), `cut ${cut}`).toThrow(OutputParseError);
        continue;
      }
      const parsed = parseOutputDetailed(prefix);
      expect(parsed.repaired, `cut ${cut}`).toBe(cut < rootEnd);
      expectPrefixConsistent(parsed.value, full);
      if (cut >= rootEnd) expect(parsed.value).toEqual(full);
    }
  });

  it('keeps the completed members exactly at a few chosen cuts', () => {
    const document = CORPUS.compact as string;
    const at = (marker: string) => parseOutputDetailed(document.slice(0, document.indexOf(marker))).value;
    expect(at('"d"')).toEqual({ a: [{ b: 'c' }] });
    expect(at(',2,3]')).toEqual({ a: [{ b: 'c', d: [1] }] });
    expect(at('{"e"')).toEqual({ a: [{ b: 'c', d: [1, 2, 3] }] });
    expect(at('"f"')).toEqual({ a: [{ b: 'c', d: [1, 2, 3] }, { e: {} }] });
    expect(at('[{}]]')).toEqual({ a: [{ b: 'c', d: [1, 2, 3] }, { e: {} }], f: '', g: [[]] });
  });
});
