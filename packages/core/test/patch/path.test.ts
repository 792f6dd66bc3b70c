import { applyPatch, formatPath, PathSyntaxError, parsePath } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wildcardOf } from '../../src/patch/path';

describe('paths', () => {
  it.each([
    [['summary'], 'summary'],
    [['risk_flags', 0], 'risk_flags[0]'],
    [['meta', 'score'], 'meta.score'],
    [[0, 'title'], '[0].title'],
    [['a', 'x y'], 'a["x y"]'],
    [['$ref'], '["$ref"]'],
    [['0'], '["0"]'],
    [['q"uote', 2], '["q\\"uote"][2]'],
    [['__proto__', 'constructor'], '__proto__.constructor'],
  ])('formats %j as %s and parses it back', (segments, path) => {
    expect(formatPath(segments)).toBe(path);
    expect(parsePath(path)).toEqual(segments);
  });

  it('wildcards indexes but not digits inside quoted keys', () => {
    expect(wildcardOf('items[3].tags[10]')).toBe('items[*].tags[*]');
    expect(wildcardOf('a["[0]"][1]')).toBe('a["[0]"][*]');
    expect(parsePath('items[*].name')).toEqual(['items', '*', 'name']);
  });

  it.each(['a..b', '.a', 'a[01]', 'a[x]', 'a["b"', 'a[', '1a', 'a b'])('rejects %s with a PathSyntaxError', (path) => {
    expect(() => parsePath(path)).toThrow(PathSyntaxError);
  });

  it('round-trips any segments', () => {
    const segment = fc.oneof(fc.string(), fc.nat());
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        expect(parsePath(formatPath(segments))).toEqual(segments);
      }),
    );
  });
});

describe('applyPatch', () => {
  it('copies only the nodes on the path (structural sharing)', () => {
    const root = { a: { b: [1, 2] }, c: { d: 1 } };
    const next = applyPatch(root, ['a', 'b', 1], 3) as typeof root;
    expect(next).toEqual({ a: { b: [1, 3] }, c: { d: 1 } });
    expect(next).not.toBe(root);
    expect(next.a).not.toBe(root.a);
    expect(next.c).toBe(root.c);
    expect(root.a.b).toEqual([1, 2]);
  });

  it('creates missing containers by segment kind', () => {
    expect(applyPatch(undefined, ['items', 0, 'name'], 'x')).toEqual({ items: [{ name: 'x' }] });
  });

  it('stores __proto__, constructor and prototype as own data without polluting', () => {
    let root: unknown = {};
    root = applyPatch(root, ['__proto__', 'polluted'], true);
    root = applyPatch(root, ['constructor', 'prototype', 'polluted'], true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const record = root as Record<string, unknown>;
    expect(Object.hasOwn(record, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(JSON.stringify(root)).toBe('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
  });

  it('writes 100 000 levels deep without overflowing', () => {
    const segments = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? 0 : 'a'));
    let node = applyPatch(undefined, segments, 'leaf');
    for (const segment of segments) node = (node as Record<string | number, unknown>)[segment];
    expect(node).toBe('leaf');
  });
});
