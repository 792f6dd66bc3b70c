/**
 * The most a server's `Retry-After` can make a client wait, in milliseconds (60 s). A longer ask
 * (`99999999`, a date in 2100) waits this long: past 2^31 − 1 ms a timer fires at once in Node and
 * wraps in browsers, so an unclamped ask would turn into a burst of reconnections.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/** The longest delay a timer keeps (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

// RFC 9110 §10.2.3: delay-seconds is 1*DIGIT (no sign, point or exponent); an HTTP-date is an
// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), or the obsolete RFC 850
// (`Sunday, 06-Nov-94 08:49:37 GMT`) or asctime (`Sun Nov  6 08:49:37 1994`, in GMT) form.
const HTTP_DATE =
  /^[A-Z][a-z]{2,8}(, \d\d[ -][A-Z][a-z]{2}[ -]\d\d(\d\d)? \d\d:\d\d:\d\d GMT| [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4})$/;

/**
 * What a server's `Retry-After` asks a client to wait, in whole milliseconds: delay-seconds or an
 * HTTP-date, white space around it dropped, at most {@link MAX_RETRY_AFTER_MS}. Any other text, or a
 * date in the past, asks for nothing (0). The one place a delay a server asks for is read; the wait
 * itself is `backoffDelayMs`'s (retry-policy.ts), which never goes below the client's own backoff.
 */
export function retryAfterMs(retryAfter: string | null | undefined, now: number = Date.now()): number {
  const text = retryAfter?.trim() ?? '';
  const asked = /^\d+$/.test(text)
    ? +text * 1000
    : HTTP_DATE.test(text)
      ? Date.parse(text.endsWith('GMT') ? text : `${text} GMT`) - now
      : 0;
  // A date out of range parses to NaN and asks for nothing; so does a date in the past.
  return Math.max(0, Math.round(Math.min(MAX_RETRY_AFTER_MS, asked)) || 0);
}
