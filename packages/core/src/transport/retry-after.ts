/** A `Retry-After` value in milliseconds from `now`: delay-seconds or an HTTP date; 0 when absent or invalid. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number {
  const text = value?.trim();
  if (!text) return 0;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now);
}
