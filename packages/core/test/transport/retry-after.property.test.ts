// What retryAfterMs (transport/retry-after.ts) reads from a Retry-After, for any whole number of
// seconds; the wait it feeds is checked in retry-policy.property.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from '../../src/transport/retry-after';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('retryAfterMs', () => {
  it('a whole number of seconds asks that many seconds up to the ceiling (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (seconds) => {
        const expected = seconds * 1000n > BigInt(MAX_RETRY_AFTER_MS) ? MAX_RETRY_AFTER_MS : Number(seconds) * 1000;
        expect(retryAfterMs(String(seconds), NOW)).toBe(expected);
      }),
    );
  });
});
