import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEnsurePaths } from '../../src/response/validation/ensure-paths';

describe('presence', () => {
  it.each([
    ['null', null],
    ["''", ''],
    ['false', false],
    ['0', 0],
    ['[]', []],
    ['{}', {}],
    ['a string', 'x'],
  ])('accepts %s as long as the path resolves', (_label, value) => {
    expect(checkEnsurePaths({ a: value }, { a: 'presence' })).toEqual([]);
  });

  it('rejects a missing key, naming the concrete path', () => {
    expect(checkEnsurePaths({ meta: {} }, { 'meta.score': 'presence' })).toEqual([
      { path: 'meta.score', level: 'presence', reason: 'meta.score is missing' },
    ]);
    expect(checkEnsurePaths({}, { 'meta.score': 'presence' })).toEqual([
      { path: 'meta.score', level: 'presence', reason: 'meta is missing' },
    ]);
  });

  it('checks every item under a wildcard, and an empty list has nothing to check', () => {
    expect(checkEnsurePaths({ items: [{ name: null }, { name: '' }] }, { 'items[*].name': 'presence' })).toEqual([]);
    expect(checkEnsurePaths({ items: [] }, { 'items[*].name': 'presence' })).toEqual([]);
    expect(checkEnsurePaths({ items: [{ name: 'a' }, {}] }, { 'items[*].name': 'presence' })).toEqual([
      { path: 'items[*].name', level: 'presence', reason: 'items[1].name is missing' },
    ]);
  });

  it('rejects a wildcard over something that is not a list', () => {
    expect(checkEnsurePaths({ items: null }, { 'items[*].name': 'presence' })).toEqual([
      { path: 'items[*].name', level: 'presence', reason: 'items is not a list' },
    ]);
  });

  it('never reads inherited properties', () => {
    expect(checkEnsurePaths({}, { constructor: 'presence' } as const)).toEqual([
      { path: 'constructor', level: 'presence', reason: 'constructor is missing' },
    ]);
    expect(checkEnsurePaths(JSON.parse('{"__proto__": "x"}'), { '["__proto__"]': 'not_null' })).toEqual([]);
  });
});

describe('not_null', () => {
  it.each([
    ['false', false],
    ['0', 0],
    ['a string', 'x'],
    ['{}', {}],
    ['a list of good items', ['a', 0, false]],
  ])('accepts %s', (_label, value) => {
    expect(checkEnsurePaths({ a: value }, { a: 'not_null' })).toEqual([]);
  });

  it.each([
    ['null', null, 'a is null'],
    ['an empty string', '', 'a is blank'],
    ['a blank string', ' \n\t', 'a is blank'],
    ['an empty list', [], 'a is an empty list'],
    ['a list holding null', ['x', null], 'a[1] is null'],
    ['a list holding a blank string', [' '], 'a[0] is blank'],
    ['a list holding an empty list', [['x'], []], 'a[1] is an empty list'],
  ])('rejects %s', (_label, value, reason) => {
    expect(checkEnsurePaths({ a: value }, { a: 'not_null' })).toEqual([{ path: 'a', level: 'not_null', reason }]);
  });

  it('rejects a missing key', () => {
    expect(checkEnsurePaths({}, { a: 'not_null' })).toEqual([{ path: 'a', level: 'not_null', reason: 'a is missing' }]);
  });

  it('rejects a wildcard with no matches', () => {
    expect(checkEnsurePaths({ risk_flags: [] }, { 'risk_flags[*]': 'not_null' })).toEqual([
      { path: 'risk_flags[*]', level: 'not_null', reason: 'risk_flags has no items' },
    ]);
    expect(checkEnsurePaths({ items: [] }, { 'items[*].name': 'not_null' })).toEqual([
      { path: 'items[*].name', level: 'not_null', reason: 'items has no items' },
    ]);
  });

  it('checks every wildcard match: items[*].name', () => {
    const ensure = { 'items[*].name': 'not_null' } as const;
    expect(checkEnsurePaths({ items: [{ name: 'a' }, { name: 'b' }] }, ensure)).toEqual([]);
    expect(checkEnsurePaths({ items: [{ name: 'a' }, { name: '  ' }] }, ensure)).toEqual([
      { path: 'items[*].name', level: 'not_null', reason: 'items[1].name is blank' },
    ]);
    expect(checkEnsurePaths({ items: [{ name: 'a' }, { name: false }] }, ensure)).toEqual([]);
  });

  it('checks nested wildcards and a root list', () => {
    expect(checkEnsurePaths([{ tags: ['x'] }, { tags: ['y', ''] }], { '[*].tags[*]': 'not_null' })).toEqual([
      { path: '[*].tags[*]', level: 'not_null', reason: '[1].tags[1] is blank' },
    ]);
  });

  it('reports one failure per ensured path, in ensure-key order', () => {
    const data = { summary: null, items: [{ name: '' }], note: 'ok' };
    expect(
      checkEnsurePaths(data, { summary: 'not_null', 'items[*].name': 'not_null', note: 'not_null', extra: 'presence' }),
    ).toEqual([
      { path: 'summary', level: 'not_null', reason: 'summary is null' },
      { path: 'items[*].name', level: 'not_null', reason: 'items[0].name is blank' },
      { path: 'extra', level: 'presence', reason: 'extra is missing' },
    ]);
  });

  it('checks a 100 000-deep list without overflowing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkEnsurePaths({ a: deep }, { a: 'not_null' })).toEqual([]);
  });
});

describe('the two levels agree', () => {
  it('presence accepts every JSON value at a path that resolves', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(checkEnsurePaths({ a: value }, { a: 'presence' })).toEqual([]);
      }),
    );
  });

  it('not_null fails exactly for null, blank strings and lists with an empty item somewhere', () => {
    const empty = (value: unknown): boolean =>
      value === null ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && (value.length === 0 || value.some(empty)));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(checkEnsurePaths({ a: value }, { a: 'not_null' }).length === 1).toBe(empty(value));
      }),
    );
  });
});
