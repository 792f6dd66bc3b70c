import { defineOutput, SchemaError, selectFormat } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk', 'not_null']],
  meta: { score: ['integer', '0-10'], ok: ['boolean'] },
  customer_reply: ['string', 'reply to the customer', 'not_null'],
});

describe('defineOutput', () => {
  it('compiles ensure markers as docs/architecture.md §2.1 shows, in document order', () => {
    expect(incident.ensureKeys).toEqual({
      status_summary: 'presence',
      'risk_flags[*]': 'not_null',
      customer_reply: 'not_null',
    });
    expect(Object.keys(incident.ensureKeys)).toEqual(['status_summary', 'risk_flags[*]', 'customer_reply']);
  });

  it('keeps key order in the compiled tree', () => {
    const root = incident.root;
    expect(root.kind).toBe('object');
    if (root.kind !== 'object') return;
    expect([...root.fields.keys()]).toEqual(['status_summary', 'risk_flags', 'meta', 'customer_reply']);
    const meta = root.fields.get('meta');
    expect(meta?.kind === 'object' && [...meta.fields.keys()]).toEqual(['score', 'ok']);
  });

  it('compiles nested wildcard ensure paths, not_null beating presence', () => {
    const invoice = defineOutput(
      { items: [{ name: ['string', 'item name', true], qty: ['integer', '', 'not_null'] }] },
      { ensure: { 'items[*].name': 'not_null', 'items[*].qty': 'presence' } },
    );
    expect(invoice.ensureKeys).toEqual({ 'items[*].name': 'not_null', 'items[*].qty': 'not_null' });
  });

  it('accepts a list of ensure paths as presence', () => {
    const out = defineOutput({ a: ['string'], b: { c: ['number'] } }, { ensure: ['b.c'] });
    expect(out.ensureKeys).toEqual({ 'b.c': 'presence' });
  });

  it('a literal __proto__ key (which sets the prototype in JS) is rejected, not silently dropped', () => {
    // A literal __proto__ makes the object's prototype an array.
    expect(() => defineOutput({ __proto__: ['string'] } as never)).toThrow('expected a plain object');
  });

  it('stores awkward keys with quoted paths', () => {
    const out = defineOutput({ 'x y': ['string', '', true], ['__proto__']: ['string', '', 'not_null'] });
    expect(out.ensureKeys).toEqual({ '["x y"]': 'presence', ['__proto__']: 'not_null' });
    expect(Object.getPrototypeOf(out.ensureKeys)).toBe(Object.prototype);
  });

  it('enums are tuples whose type is a list of literals', () => {
    const out = defineOutput({ severity: [['low', 'high', 1, null], 'how bad', 'not_null'] });
    expect(out.root).toEqual({
      kind: 'object',
      fields: new Map([
        ['severity', { kind: 'enum', values: ['low', 'high', 1, null], description: 'how bad', ensure: 'not_null' }],
      ]),
    });
  });

  it.each([
    [{ a: ['strng'] }, 'Invalid output schema at a: unknown type "strng"'],
    [
      { a: { b: [['string', 'x', 'maybe']] } },
      "Invalid output schema at a.b[*]: ensure must be true, false, 'presence' or 'not_null', got \"maybe\"",
    ],
    [{ a: ['string', 3] }, 'Invalid output schema at a: the description must be a string, got number'],
    [{ a: [] }, 'Invalid output schema at a: a field tuple has 1 to 3 elements [type, description?, ensure?], got 0'],
    [
      { a: 5 },
      'Invalid output schema at a: expected a [type, description?, ensure?] tuple, an [item] list or an object, got number',
    ],
    [{ a: [[], 'x'] }, 'Invalid output schema at a: an enum needs at least one literal'],
    [{ a: [['x', 'x'], ''] }, 'Invalid output schema at a: enum values must be unique'],
    [{ list: [['low', 'high']] }, 'Invalid output schema at list: ambiguous [["low","high"]]'],
    [
      { 'x y': { z: ['number', 'd', true, 'extra'] } },
      'Invalid output schema at ["x y"].z: a field tuple has 1 to 3 elements',
    ],
  ])('a malformed schema throws a SchemaError naming its path (%#)', (shape, message) => {
    const attempt = () => defineOutput(shape as never); // deliberately malformed
    expect(attempt).toThrow(SchemaError);
    expect(attempt).toThrow(message);
  });

  it('rejects ensure paths that are not in the schema', () => {
    expect(() => defineOutput({ a: ['string'] }, { ensure: ['b'] })).toThrow(
      'Invalid output schema at b: ensure path is not in the schema',
    );
    expect(() => defineOutput({ a: ['string'] }, { ensure: ['a..b'] })).toThrow(SchemaError);
  });

  it('compiles a 10 000-deep schema without overflowing', () => {
    let shape: unknown = ['string', 'leaf', 'not_null'];
    for (let i = 0; i < 10_000; i++) shape = { n: shape };
    const out = defineOutput(shape as never);
    expect(Object.keys(out.ensureKeys)[0]?.split('.').length).toBe(10_000);
  });
});

describe('selectFormat (auto rules of docs/formats.md §8)', () => {
  it.each([
    ['all-string flat object → xml_field', { title: ['string'], body: ['string', 'the text'] }, 'xml_field'],
    ['string enums count as strings', { title: ['string'], tone: [['calm', 'urgent'], ''] }, 'xml_field'],
    ['strings mixed with typed fields → hybrid', { summary: ['string'], score: ['integer'] }, 'hybrid'],
    ['strings mixed with lists → hybrid', { notes: ['string'], parts: [{ refdes: ['string'] }] }, 'hybrid'],
    ['no string field → json', { score: ['number'], ok: ['boolean'] }, 'json'],
    ['a root list → json', [{ name: ['string'] }], 'json'],
    ['a root scalar → json', ['string', 'just text'], 'json'],
    ['an empty object → json', {}, 'json'],
  ])('%s', (_name, shape, expected) => {
    expect(selectFormat(defineOutput(shape as never))).toBe(expected);
  });

  it('picks hybrid for the incident schema of docs/architecture.md §2.1', () => {
    expect(selectFormat(incident)).toBe('hybrid');
  });
});
