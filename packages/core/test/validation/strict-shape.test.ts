import { defineOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { checkAllKeys } from '../../src/response/validation/strict-shape';

const output = defineOutput({
  title: ['string'],
  meta: { score: ['integer'], ok: ['boolean'] },
  items: [{ name: ['string'], tags: [['string']] }],
});

describe('checkAllKeys (ensureAllKeys)', () => {
  it('accepts data with every schema key, whatever the values', () => {
    const data = { title: null, meta: { score: 0, ok: false }, items: [{ name: '', tags: [] }] };
    expect(checkAllKeys(data, output.root)).toEqual([]);
  });

  it('accepts null in place of an object or a list', () => {
    expect(checkAllKeys({ title: 'x', meta: null, items: null }, output.root)).toEqual([]);
  });

  it('names each missing key once per wildcard path', () => {
    const data = { meta: { score: 1 }, items: [{ name: 'a' }, { tags: [] }, {}] };
    expect(checkAllKeys(data, output.root)).toEqual([
      { path: 'title', level: 'presence', reason: 'title is missing' },
      { path: 'meta.ok', level: 'presence', reason: 'meta.ok is missing' },
      { path: 'items[*].tags', level: 'presence', reason: 'items[0].tags is missing' },
      { path: 'items[*].name', level: 'presence', reason: 'items[1].name is missing' },
    ]);
  });

  it('rejects a non-object where the schema has an object', () => {
    expect(checkAllKeys({ title: 'x', meta: 'n/a', items: [] }, output.root)).toEqual([
      { path: 'meta', level: 'presence', reason: 'meta is not an object' },
    ]);
    expect(checkAllKeys('text', output.root)).toEqual([
      { path: '', level: 'presence', reason: '(root) is not an object' },
    ]);
  });

  it('ignores keys the schema does not name', () => {
    expect(
      checkAllKeys({ title: 'x', meta: { score: 1, ok: true, extra: 1 }, items: [], more: 2 }, output.root),
    ).toEqual([]);
  });
});
