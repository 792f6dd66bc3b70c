import { connectClient, type RedisConnection, withinMs } from './redis-client';

/** A rate limit's bucket settings, as `createModelProxy` resolved them. */
export type RateLimitSettings = { readonly capacity: number; readonly refillPerSecond: number };

/**
 * Where `createModelProxy` keeps its per-client token buckets: in this process (the default), or
 * shared by every instance (`createRedisRateLimitStore`). `take` takes one token from `client`'s
 * bucket: `0` when granted, else the seconds until one is available.
 */
export type RateLimitStore = { take(client: string, settings: RateLimitSettings): number | Promise<number> };

/** Options of {@link createRedisRateLimitStore}. */
export type RedisRateLimitOptions = RedisConnection & {
  /** Prefix of the buckets' keys (default `fieldstream:rate:`). */
  keyPrefix?: string;
  /** How long a request waits for Redis before it is refused, in ms (default 1000). */
  timeoutMs?: number;
};

// One atomic step per request, on Redis's clock: refill by the time passed, take a token if there
// is one, keep the bucket until it would be full again. Returns the wait in milliseconds (0: granted).
const TAKE = `
local capacity = tonumber(ARGV[1])
local refill = tonumber(ARGV[2]) / 1000
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or capacity
local at = tonumber(bucket[2]) or now
tokens = math.min(capacity, tokens + (now - at) * refill)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / refill) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / refill) + 1000)
return wait`;

/**
 * Token buckets in Redis, so a client's limit holds across every instance of the app: pass it as
 * `createModelProxy({ rateLimit: { key, store: createRedisRateLimitStore({ url }) } })`. Each
 * request is one atomic script; a bucket expires once it would be full again. When Redis cannot
 * be reached the request is refused (fails closed: a proxy without its limit spends the key).
 */
export function createRedisRateLimitStore(options: RedisRateLimitOptions): RateLimitStore & { close(): void } {
  const prefix = options.keyPrefix ?? 'fieldstream:rate:';
  const owned: Awaited<ReturnType<typeof connectClient>>[] = [];
  const ready = connectClient('createRedisRateLimitStore', options, owned);
  ready.catch(() => undefined);
  return {
    async take(client, { capacity, refillPerSecond }) {
      const args = ['EVAL', TAKE, '1', `${prefix}${client}`, String(capacity), String(refillPerSecond)];
      const wait = await withinMs(
        ready.then((redis) => redis.sendCommand(args)),
        options.timeoutMs ?? 1000,
      );
      return Number(wait) / 1000;
    },
    close() {
      for (const each of owned) each.destroy();
    },
  };
}
