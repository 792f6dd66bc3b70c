import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathMap } from '../../src/store/path-map';

describe('PathMap', () => {
  it('behaves like a Map for any sequence of sets, and never changes an older version', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 300 }), (writes) => {
        const reference = new Map<string, number>();
        let map = PathMap.empty<number>();
        const versions: [PathMap<number>, Map<string, number>][] = [];
        for (const [key, value] of writes) {
          map = map.set(key, value);
          reference.set(key, value);
          versions.push([map, new Map(reference)]);
        }
        for (const [version, expected] of versions) {
          expect(version.size).toBe(expected.size);
          expect(new Map(version.entries())).toEqual(expected);
          for (const [key, value] of expected) expect(version.get(key)).toBe(value);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keeps keys with the same 32-bit hash apart', () => {
    // 'f6059' and 'f264602' collide under FNV-1a.
    const map = PathMap.empty<string>().set('f6059', 'a').set('f264602', 'b').set('f6059', 'c');
    expect(map.get('f6059')).toBe('c');
    expect(map.get('f264602')).toBe('b');
    expect(map.size).toBe(2);
    expect(map.has('f1')).toBe(false);
  });

  it('stores 50 000 keys and reads each back', () => {
    let map = PathMap.empty<number>();
    for (let i = 0; i < 50_000; i++) map = map.set(`items[${i}].name`, i);
    expect(map.size).toBe(50_000);
    for (let i = 0; i < 50_000; i += 997) expect(map.get(`items[${i}].name`)).toBe(i);
    expect(map.get('items[50000].name')).toBeUndefined();
  });
});
