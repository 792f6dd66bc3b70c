import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LogEntries } from '../../src/response/log-entries';

describe('LogEntries', () => {
  it('keeps every entry across block boundaries, through updates and trimming', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.array(fc.nat(), { maxLength: 20 }), (count, updates) => {
        const entries = new LogEntries();
        for (let i = 0; i < count; i++) expect(entries.append(i % 8, `p${i}`, i, `d${i}`)).toBe(i);
        for (const update of updates) if (count > 0) entries.set(update % count, 3, `u${update % count}`);
        entries.trim();
        const updated = new Set(updates.map((update) => update % count));
        expect(entries.size).toBe(count);
        for (let i = 0; i < count; i++) {
          expect([entries.tag(i), entries.get(i, 1), entries.get(i, 2), entries.get(i, 3)]).toEqual([
            i % 8,
            `p${i}`,
            i,
            updated.has(i) ? `u${i}` : `d${i}`,
          ]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('appends after trimming a partly filled block', () => {
    const entries = new LogEntries();
    for (let i = 0; i < 1500; i++) entries.append(1, i, undefined, undefined);
    entries.trim();
    entries.append(2, 'after', undefined, undefined);
    expect([entries.size, entries.tag(1500), entries.get(1500, 1), entries.get(1499, 1)]).toEqual([
      1501,
      2,
      'after',
      1499,
    ]);
  });
});
