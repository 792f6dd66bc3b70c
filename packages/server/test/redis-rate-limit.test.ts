import { createModelProxy, createRedisRateLimitStore } from '@fieldstream/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from './support/redis-server';

let redis: Awaited<ReturnType<typeof startRedis>>;
const stores: ReturnType<typeof createRedisRateLimitStore>[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const store of stores) store.close();
  await redis?.stop();
});

/** One instance's proxy, with its own connection to the shared Redis. */
function proxyInstance() {
  const store = createRedisRateLimitStore({ url: redis.url });
  stores.push(store);
  const upstreamCalls: string[] = [];
  const proxy = createModelProxy({
    upstream: { baseURL: 'http://upstream.test/v1', apiKey: 'sk-test-key-123456' },
    rateLimit: { capacity: 2, refillPerSecond: 0.01, key: (request) => request.headers.get('x-client') ?? '', store },
    fetch: async (url) => {
      upstreamCalls.push(String(url));
      return Response.json({ choices: [] });
    },
  });
  return { proxy, upstreamCalls };
}

const chat = (client: string) =>
  new Request('http://localhost/api/model/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client': client },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
  });

describe('createModelProxy with a Redis rate limit', () => {
  it("one client's bucket holds across two instances; another client has its own", async () => {
    const a = proxyInstance();
    const b = proxyInstance();
    const statuses = [
      (await a.proxy(chat('ada'))).status,
      (await b.proxy(chat('ada'))).status,
      (await a.proxy(chat('bob'))).status,
    ];
    const refused = await b.proxy(chat('ada'));
    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(99);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(a.upstreamCalls.length + b.upstreamCalls.length).toBe(3);
  });

  it('fails closed with 503 when Redis cannot be reached, never reaching the upstream', async () => {
    const store = createRedisRateLimitStore({ url: 'redis://127.0.0.1:1', timeoutMs: 100 });
    stores.push(store);
    let called = false;
    const proxy = createModelProxy({
      upstream: { baseURL: 'http://upstream.test/v1', apiKey: 'sk-test-key-123456' },
      rateLimit: { key: () => 'ada', store },
      fetch: async () => {
        called = true;
        return Response.json({});
      },
    });
    const response = await proxy(chat('ada'));
    expect([response.status, called]).toEqual([503, false]);
    expect(await response.json()).toMatchObject({ error: { code: 'rate_limit_unavailable' } });
  });
});
