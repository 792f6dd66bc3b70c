import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../src/token-bucket';

describe('TokenBuckets', () => {
  it('grants `capacity` at once, then one per refill interval, per client', () => {
    let now = 0;
    const buckets = new TokenBuckets(2, 0.5, () => now);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 2]);
    expect(buckets.take('b')).toBe(0);
    now = 1000;
    expect(buckets.take('a')).toBe(1);
    now = 2000;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(2);
  });

  it('never grants more than capacity + elapsed × rate over any schedule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 60 }),
        (capacity, gaps) => {
          let now = 0;
          const buckets = new TokenBuckets(capacity, 1, () => now);
          let granted = 0;
          for (const gap of gaps) {
            now += gap;
            if (buckets.take('client') === 0) granted++;
          }
          expect(granted).toBeLessThanOrEqual(capacity + now / 1000);
        },
      ),
    );
  });
});
