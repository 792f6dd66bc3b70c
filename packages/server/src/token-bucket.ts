/** The most clients tracked at once; the least recently seen is forgotten first. */
const MAX_CLIENTS = 10_000;

/**
 * Per-client token buckets: each client holds up to `capacity` tokens, refilled continuously at
 * `refillPerSecond`; a request takes one. Memory is bounded by {@link MAX_CLIENTS}.
 */
export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token: `0` when granted, else the seconds until one is available. */
  take(client: string): number {
    const now = this.now();
    const bucket = this.#buckets.get(client) ?? { tokens: this.capacity, at: now };
    this.#buckets.delete(client);
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond);
    bucket.at = now;
    this.#buckets.set(client, bucket);
    if (this.#buckets.size > MAX_CLIENTS) this.#buckets.delete(this.#buckets.keys().next().value as string);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return (1 - bucket.tokens) / this.refillPerSecond;
  }
}
