// The invariants retryWaitMs states (transport/retry-after.ts), for any Retry-After text and any
// backoff a user's delayMs may return.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, MAX_TIMER_MS, retryWaitMs } from '../../src/transport/retry-after';

const NOW = Date.parse('2026-01-01T00:00:00Z');

/** Any text, and the texts near the grammar: digits of any length, signs, exponents, dates. */
const retryAfterArb = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(...'0123456789 +-.eE\t') }),
  fc.bigInt({ min: 0n, max: 10n ** 400n }).map(String),
  fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
  fc.constantFrom('Infinity', '-Infinity', 'NaN', '1e9', '+5', '4294967', '99999999', 'Fri, 01 Jan 2100 00:00:00 GMT'),
);

const backoffArb = fc.oneof(
  fc.double(),
  fc.integer({ min: 0, max: 120_000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 2 ** 31, 2 ** 32),
);

/** The backoff as the invariants define it: rounded, NaN as 0, kept in [0, 2^31 − 1]. */
const kept = (backoff: number): number =>
  Number.isNaN(backoff) ? 0 : Math.min(MAX_TIMER_MS, Math.max(0, Math.round(backoff)));

describe('retryWaitMs', () => {
  it('is a whole number in [backoff, max(backoff, 60 000)] for any Retry-After and backoff (property)', () => {
    fc.assert(
      fc.property(retryAfterArb, backoffArb, (retryAfter, backoff) => {
        const wait = retryWaitMs(backoff, retryAfter, NOW);
        expect(Number.isInteger(wait)).toBe(true);
        expect(wait).toBeGreaterThanOrEqual(kept(backoff));
        expect(wait).toBeLessThanOrEqual(Math.max(kept(backoff), MAX_RETRY_AFTER_MS));
        expect(wait).toBeLessThanOrEqual(MAX_TIMER_MS);
      }),
      { numRuns: 2000 },
    );
  });

  it('a whole number of seconds asks that many seconds up to the ceiling (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (seconds) => {
        const expected = seconds * 1000n > BigInt(MAX_RETRY_AFTER_MS) ? MAX_RETRY_AFTER_MS : Number(seconds) * 1000;
        expect(retryWaitMs(0, String(seconds), NOW)).toBe(expected);
      }),
    );
  });
});
