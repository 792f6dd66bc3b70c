// The invariants backoffDelayMs states (transport/retry-policy.ts), the one wait before a retry of
// fetchEventStream, a response and fromPatchStream: for any options, retry number, random draw and
// Retry-After text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, MAX_TIMER_MS, retryAfterMs } from '../../src/transport/retry-after';
import { type Backoff, backoffDelayMs, fixedBackoff } from '../../src/transport/retry-policy';

const NOW = Date.parse('2026-01-01T00:00:00Z');

/** Any text, and the texts near the grammar: digits of any length, signs, exponents, dates. */
const retryAfterArb = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(...'0123456789 +-.eE\t') }),
  fc.bigInt({ min: 0n, max: 10n ** 400n }).map(String),
  fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
  fc.constantFrom('Infinity', '-Infinity', 'NaN', '1e9', '+5', '4294967', '99999999', 'Fri, 01 Jan 2100 00:00:00 GMT'),
);

/** Any number at all, and the ones near the edges of a timer. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer({ min: 0, max: 120_000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 2 ** 31, 2 ** 32),
);

/** A number ≥ 0 as the options allow it, Infinity included. */
const atLeast = (min: number) =>
  fc.oneof(fc.double({ min, noNaN: true }), fc.integer({ min, max: 120_000 }), fc.constant(Number.POSITIVE_INFINITY));

/** A delay as the invariants define it: rounded, NaN as 0, kept in [0, 2^31 − 1]. */
const kept = (ms: number): number => (Number.isNaN(ms) ? 0 : Math.min(MAX_TIMER_MS, Math.max(0, Math.round(ms))));

/** The longest wait `backoff` allows: its cap, or what a server may ask when that is more. */
const ceiling = (backoff: Backoff, capped: number): number =>
  Math.max(capped, Math.min(kept(backoff.maxRetryAfterMs), MAX_RETRY_AFTER_MS));

describe('backoffDelayMs', () => {
  it('is a whole number in [0, the timer maximum], never above its cap, for any numbers at all (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          baseDelayMs: anyNumber,
          factor: anyNumber,
          maxDelayMs: anyNumber,
          jitter: anyNumber,
          maxRetryAfterMs: anyNumber,
        }),
        fc.integer({ min: -5, max: 5000 }),
        anyNumber,
        retryAfterArb,
        (backoff, retry, random, retryAfter) => {
          const wait = backoffDelayMs(backoff, retry, retryAfter, NOW, () => random);
          expect(Number.isInteger(wait)).toBe(true);
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(wait).toBeLessThanOrEqual(MAX_TIMER_MS);
          expect(wait).toBeLessThanOrEqual(ceiling(backoff, kept(backoff.maxDelayMs)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never goes below the backoff floor or the Retry-After, never above the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          baseDelayMs: atLeast(0),
          factor: atLeast(1),
          maxDelayMs: atLeast(0),
          jitter: fc.double({ min: 0, max: 1, noNaN: true }),
          maxRetryAfterMs: atLeast(0),
        }),
        fc.integer({ min: 1, max: 64 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        retryAfterArb,
        (backoff, retry, random, retryAfter) => {
          const wait = backoffDelayMs(backoff, retry, retryAfter, NOW, () => random);
          const capped = Math.min(kept(backoff.maxDelayMs), kept(backoff.baseDelayMs * backoff.factor ** (retry - 1)));
          const asked = Math.min(kept(backoff.maxRetryAfterMs), retryAfterMs(retryAfter, NOW));
          expect(wait).toBeGreaterThanOrEqual(Math.floor(capped * (1 - backoff.jitter)));
          expect(wait).toBeGreaterThanOrEqual(asked);
          expect(wait).toBeLessThanOrEqual(Math.max(capped, asked));
          expect(wait).toBeLessThanOrEqual(ceiling(backoff, kept(backoff.maxDelayMs)));
          if (backoff.jitter === 0) expect(wait).toBe(Math.max(capped, asked));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a fixed backoff (a user delayMs) is a whole number in [backoff, max(backoff, 60 000)] (property)', () => {
    fc.assert(
      fc.property(retryAfterArb, anyNumber, (retryAfter, backoff) => {
        const wait = backoffDelayMs(fixedBackoff(backoff), 1, retryAfter, NOW);
        expect(Number.isInteger(wait)).toBe(true);
        expect(wait).toBeGreaterThanOrEqual(kept(backoff));
        expect(wait).toBeLessThanOrEqual(Math.max(kept(backoff), MAX_RETRY_AFTER_MS));
        expect(wait).toBeLessThanOrEqual(MAX_TIMER_MS);
      }),
      { numRuns: 2000 },
    );
  });
});
