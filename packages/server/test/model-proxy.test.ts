import { type ClientRequest, request as httpRequest, type ServerResponse } from 'node:http';
import { FieldstreamError } from '@fieldstream/core';
import { createModelProxy, type ModelProxyOptions, toNodeHandler } from '@fieldstream/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serve, sseChunk, startUpstream, type UpstreamRequest, until } from './support/local-servers';

const KEY = 'sk-test-0123456789abcdefSECRET';
const chat = { model: 'client-model', messages: [{ role: 'user', content: 'hi' }], stream: true };

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: Awaited<ReturnType<typeof serve>> | undefined;
let reply: (body: Record<string, unknown>, res: ServerResponse, seen: UpstreamRequest) => void | Promise<void>;

async function startProxy(options: Partial<ModelProxyOptions> = {}): Promise<void> {
  const handler = createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, ...options });
  proxy = await serve(toNodeHandler(handler));
}

function proxyUrl(): string {
  if (proxy === undefined) throw new Error('start the proxy first');
  return proxy.url;
}

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${proxyUrl()}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Every byte a client can see: status line facts, headers and body. */
async function visible(response: Response): Promise<string> {
  const headers = [...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n');
  return `${response.status}\n${headers}\n\n${await response.text()}`;
}

beforeEach(async () => {
  reply = (_body, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`${sseChunk('Hello')}data: [DONE]\n\n`);
  };
  upstream = await startUpstream((body, res, seen) => reply(body, res, seen));
});

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await upstream.close();
});

describe('createModelProxy: the happy path', () => {
  it('adds the key upstream, passes the SSE answer through, and keeps the key out of the response', async () => {
    await startProxy({ upstream: { baseURL: upstream.url, apiKey: KEY, model: 'server-model' } });
    const response = await post(chat, { origin: proxyUrl() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe(`${sseChunk('Hello')}data: [DONE]\n\n`);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upstream.requests[0]?.body).toEqual({ ...chat, model: 'server-model', n: 1, max_tokens: 4096 });
  });

  it('refuses to start with a missing key or a bad base URL', () => {
    expect(() => createModelProxy({ upstream: { baseURL: upstream.url, apiKey: ' ' } })).toThrow(FieldstreamError);
    expect(() => createModelProxy({ upstream: { baseURL: 'not a url', apiKey: KEY } })).toThrow(
      /upstream.baseURL must be an absolute http\(s\) URL/,
    );
    expect(() => createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, maxTokens: -1 })).toThrow(
      /maxTokens must be a positive number/,
    );
  });
});

describe('createModelProxy: each default stops an attack', () => {
  it('a cross-origin text/plain POST (no preflight) is refused and never reaches the upstream', async () => {
    await startProxy();
    const response = await fetch(`${proxyUrl()}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: JSON.stringify(chat),
    });
    expect(response.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('a same-origin text/plain body is refused: only application/json spends the key', async () => {
    await startProxy();
    const response = await post(JSON.stringify(chat), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect(upstream.requests).toHaveLength(0);
  });

  it('a foreign origin is refused, its preflight too; an allowed one gets CORS headers', async () => {
    await startProxy({ allowedOrigins: ['https://app.example'] });
    expect((await post(chat, { origin: 'https://evil.example' })).status).toBe(403);
    const preflight = await fetch(`${proxyUrl()}/api/chat`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await post(chat, { origin: 'https://app.example' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(upstream.requests).toHaveLength(1);
  });

  it('a request the browser marks cross-site is refused even without an Origin header', async () => {
    await startProxy();
    expect((await post(chat, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('n: 8 reaches the upstream as n: 1, and max_tokens: 100000 as the cap', async () => {
    await startProxy({ maxTokens: 512 });
    await (await post({ ...chat, n: 8, max_tokens: 100_000, max_completion_tokens: 9e9 })).text();
    expect(upstream.requests[0]?.body).toMatchObject({ n: 1, max_tokens: 512, max_completion_tokens: 512 });
  });

  it('tools are refused unless allowed; unknown fields are dropped', async () => {
    await startProxy();
    for (const field of ['tools', 'tool_choice', 'functions']) {
      const response = await post({ ...chat, [field]: [{ type: 'function' }] });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'tools_not_allowed' } });
    }
    expect(upstream.requests).toHaveLength(0);
    await (await post({ ...chat, logit_bias: { 1: 100 }, user: 'x', temperature: 0.2 })).text();
    expect(Object.keys(upstream.requests[0]?.body ?? {}).sort()).toEqual(
      ['max_tokens', 'messages', 'model', 'n', 'stream', 'temperature'].sort(),
    );
  });

  it('tools pass when allowBody lists them', async () => {
    await startProxy({ allowBody: ['messages', 'stream', 'tools'] });
    await (await post({ ...chat, tools: [{ type: 'function' }] })).text();
    expect(upstream.requests[0]?.body.tools).toEqual([{ type: 'function' }]);
  });

  it('a body over maxBodyBytes is refused, declared or streamed without a length', async () => {
    await startProxy({ maxBodyBytes: 1000 });
    const big = { ...chat, messages: [{ role: 'user', content: 'x'.repeat(2000) }] };
    expect((await post(big)).status).toBe(413);
    const chunked = await fetch(`${proxyUrl()}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(upstream.requests).toHaveLength(0);
  });

  it('a client over its token bucket gets 429 with Retry-After; the upstream sees only the granted ones', async () => {
    await startProxy({ rateLimit: { capacity: 2, refillPerSecond: 0.001 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await post(chat);
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      await response.text();
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(upstream.requests).toHaveLength(2);
  });

  it('an upstream that echoes the key in an error body and headers leaks it nowhere', async () => {
    reply = (_body, res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'x-echo': KEY, 'set-cookie': `k=${KEY}` });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}. Also ${KEY.slice(3, 20)}` } }));
    };
    await startProxy();
    const response = await post(chat);
    expect(response.status).toBe(401);
    const seen = await visible(response);
    expect(seen).not.toContain(KEY);
    expect(seen).not.toContain(KEY.slice(3, 20));
    expect(seen).toContain('Incorrect API key provided: [redacted]');
    expect(seen).not.toContain('x-echo');
    expect(seen).not.toContain('set-cookie');
  });

  it('an upstream that echoes the key inside the SSE stream, split across chunks, leaks it nowhere', async () => {
    reply = async (_body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-key': KEY });
      const text = sseChunk(`your key is ${KEY}!`);
      const at = text.indexOf(KEY) + 7;
      res.write(text.slice(0, at));
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.end(text.slice(at));
    };
    await startProxy();
    const seen = await visible(await post(chat));
    expect(seen).not.toContain(KEY);
    expect(seen).toContain(sseChunk('your key is [redacted]!'));
  });

  it('an unreachable upstream gives 502 without the key', async () => {
    const closed = upstream.url;
    await upstream.close();
    upstream = await startUpstream((body, res, seen) => reply(body, res, seen));
    const handler = createModelProxy({ upstream: { baseURL: closed, apiKey: KEY } });
    proxy = await serve(toNodeHandler(handler));
    const response = await post(chat);
    expect(response.status).toBe(502);
    expect(await visible(response)).not.toContain(KEY);
  });
});

describe('createModelProxy: streaming', () => {
  it('passes SSE events through as they come (the first arrives before the upstream finishes)', async () => {
    let finish: () => void = () => undefined;
    reply = async (_body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sseChunk('first'));
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      res.end(sseChunk('second'));
    };
    await startProxy();
    const reader = (await post(chat)).body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('first')) text += decoder.decode((await reader.read()).value);
    expect(text).toBe(sseChunk('first'));
    finish();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    expect(text).toBe(sseChunk('first') + sseChunk('second'));
  });

  it('applies backpressure: a client that stops reading stops the upstream writing', async () => {
    const total = 8 * 1024 * 1024;
    const chunk = 'x'.repeat(64 * 1024);
    let written = 0;
    let blocked = false;
    reply = async (_body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      while (written < total) {
        written += chunk.length;
        if (!res.write(chunk)) {
          blocked = true;
          await new Promise((resolve) => res.once('drain', resolve));
          blocked = false;
        }
      }
      res.end();
    };
    await startProxy();
    const response = await post(chat);
    const reader = response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    await reader.read();
    await until(() => blocked);
    expect(written).toBeLessThan(total);
    let received = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) received += next.value.byteLength;
    expect(written).toBe(total);
    expect(received).toBeGreaterThan(total - 2 * chunk.length);
  });

  it('aborts the upstream request when the client goes away', async () => {
    reply = (_body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sseChunk('first'));
    };
    await startProxy();
    const controller = new AbortController();
    const response = await fetch(`${proxyUrl()}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chat),
      signal: controller.signal,
    });
    await response.body?.getReader().read();
    expect(upstream.requests[0]?.closed).toBe(false);
    controller.abort();
    await until(() => upstream.requests[0]?.closed === true);
    expect(upstream.requests[0]?.closed).toBe(true);
  });
});

describe('createModelProxy as a bare Fetch-API handler (Next.js route handlers, Hono)', () => {
  it('answers Request objects directly; same origin is the request URL host, when allowedHosts lists it', async () => {
    const handler = createModelProxy({
      upstream: { baseURL: upstream.url, apiKey: KEY },
      allowedHosts: ['app.example'],
      rateLimit: { key: (request) => request.headers.get('x-real-ip') ?? 'anonymous' },
    });
    const request = (origin: string) =>
      new Request('https://app.example/api/model/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(chat),
      });
    const same = await handler(request('https://app.example'));
    expect(same.status).toBe(200);
    expect(await same.text()).toBe(`${sseChunk('Hello')}data: [DONE]\n\n`);
    expect((await handler(request('https://app.example.evil.test'))).status).toBe(403);
    expect(upstream.requests).toHaveLength(1);
  });

  it("aborts the upstream when the request's signal fires (the client went away)", async () => {
    reply = (_body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sseChunk('first'));
    };
    const handler = createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, rateLimit: false });
    const controller = new AbortController();
    const response = await handler(
      new Request('http://localhost/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(chat),
        signal: controller.signal,
      }),
    );
    await response.body?.getReader().read();
    controller.abort();
    await until(() => upstream.requests[0]?.closed === true);
    expect(upstream.requests[0]?.closed).toBe(true);
  });
});

/** Polls `condition` on every macrotask; fails with `what` after a generous 10 s (no timing is asserted). */
async function eventually(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Resolves when `res` drains or closes (a writer that must not hang once the reader left). */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** A proxy whose upstream `fetch` reports when the upstream's status and headers arrived. */
async function startObservedProxy(options: Partial<ModelProxyOptions> = {}): Promise<{ answered: () => boolean }> {
  let answered = false;
  await startProxy({
    ...options,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      answered = true;
      return response;
    },
  });
  return { answered: () => answered };
}

describe('createModelProxy: the upstream error path is bounded (issue 24, 3)', () => {
  it('aborts the upstream when the client leaves while an error body trickles', async () => {
    reply = (_body, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.write('{"error":{"message":"slow');
    };
    const observed = await startObservedProxy();
    const controller = new AbortController();
    const answer = fetch(`${proxyUrl()}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chat),
      signal: controller.signal,
    }).catch(() => undefined);
    await eventually(observed.answered, 'the upstream answered its status');
    expect(upstream.requests[0]?.closed).toBe(false);
    controller.abort();
    await answer;
    await eventually(() => upstream.requests[0]?.closed === true, 'the upstream request is closed');
  });

  it('reads a huge error body only as far as it keeps, then stops reading', async () => {
    const total = 64 * 1024 * 1024;
    const chunk = 'x'.repeat(64 * 1024);
    let written = 0;
    reply = async (_body, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      while (written < total && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) await drainedOrClosed(res);
      }
      res.end();
    };
    await startProxy();
    const response = await post(chat);
    expect(response.status).toBe(500);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('upstream_error');
    expect(error.message).toBe(`${'x'.repeat(500)}…`);
    await eventually(() => upstream.requests[0]?.closed === true, 'the upstream connection is closed');
    expect(written).toBeLessThan(total);
  });
});

describe('createModelProxy: unusual upstream statuses are typed 502s (issue 24, 4)', () => {
  for (const status of [304, 600, 999]) {
    it(`an upstream ${status} gives 502 with a code and the upstream status`, async () => {
      reply = (_body, res) => {
        res.writeHead(status);
        res.end();
      };
      await startProxy();
      const response = await post(chat);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: {
          type: 'proxy_error',
          code: status === 304 ? 'upstream_redirect' : 'upstream_status_invalid',
          message: expect.stringContaining(String(status)),
          upstream_status: status,
        },
      });
    });
  }

  it('a bare Fetch handler resolves (never rejects) on an upstream 600', async () => {
    reply = (_body, res) => {
      res.writeHead(600);
      res.end('odd');
    };
    const handler = createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, rateLimit: false });
    const response = await handler(
      new Request('http://localhost/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(chat),
      }),
    );
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'upstream_status_invalid', upstream_status: 600 } });
  });
});

describe('createModelProxy: redirects are not followed (issue 24, 7)', () => {
  it('an upstream 307 to another host gives 502 naming the status; the target never sees the body', async () => {
    const elsewhere = await startUpstream((_body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    try {
      reply = (_body, res) => {
        res.writeHead(307, { location: `${elsewhere.url}/chat/completions` });
        res.end();
      };
      await startProxy();
      const response = await post(chat);
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({
        error: { code: 'upstream_redirect', message: expect.stringContaining('307'), upstream_status: 307 },
      });
      expect(upstream.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

/**
 * A POST to the proxy's port written by `node:http` as given: any request target (absolute-form,
 * `//authority`), any `Host`; `send` writes the body (and may never end it).
 */
function rawPost(
  target: string,
  headers: Record<string, string>,
  send: (request: ClientRequest) => void = (request) => request.end(JSON.stringify(chat)),
): Promise<{ status: number; json: { error?: { code?: string } } }> {
  const { port } = new URL(proxyUrl());
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: target,
        headers: { 'content-type': 'application/json', ...headers },
      },
      async (response) => {
        let text = '';
        for await (const chunk of response) text += chunk;
        resolve({ status: response.statusCode ?? 0, json: text.startsWith('{') ? JSON.parse(text) : {} });
      },
    );
    request.on('error', reject);
    send(request);
  });
}

describe('createModelProxy: DNS rebinding and foreign request targets (issue 24, 5)', () => {
  it('a rebound Host with its own Origin is refused by default; the key is not spent', async () => {
    await startProxy();
    for (const host of ['rebind.evil.example', `rebind.evil.example:${new URL(proxyUrl()).port}`]) {
      const answer = await rawPost('/api/chat', { host, origin: `http://${host}` });
      expect(answer).toMatchObject({ status: 403, json: { error: { code: 'host_not_allowed' } } });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('localhost, 127.0.0.1 and [::1] on any port pass by default; allowedHosts replaces them', async () => {
    await startProxy();
    for (const host of ['localhost:5173', '127.0.0.1:8080', '[::1]:3000', 'localhost']) {
      expect((await rawPost('/api/chat', { host, origin: `http://${host}` })).status).toBe(200);
    }
    await proxy?.close();
    await startProxy({ allowedHosts: ['app.example', '.preview.example', 'admin.example:8443'] });
    for (const host of ['app.example', 'App.Example:3000', 'pr-1.preview.example', 'admin.example:8443']) {
      expect((await rawPost('/api/chat', { host, origin: `https://${host}` })).status).toBe(200);
    }
    for (const host of ['localhost:5173', 'evil-app.example', 'preview.example.evil', 'admin.example:9000']) {
      expect((await rawPost('/api/chat', { host, origin: `https://${host}` })).status).toBe(403);
    }
    expect(upstream.requests).toHaveLength(8);
  });

  it('a request target naming another authority never becomes the origin compared against', async () => {
    await startProxy();
    const host = new URL(proxyUrl()).host;
    for (const target of ['http://evil.example/api/chat', '//evil.example/api/chat', '/\\evil.example/api/chat']) {
      const answer = await rawPost(target, { host, origin: 'http://evil.example' });
      expect(answer).toMatchObject({ status: 403, json: { error: { code: 'origin_not_allowed' } } });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('a bare Fetch handler refuses a request URL on a host it was not given', async () => {
    const handler = createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, rateLimit: false });
    const response = await handler(
      new Request('http://rebind.evil.example/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://rebind.evil.example' },
        body: JSON.stringify(chat),
      }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'host_not_allowed' } });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses to start with an allowedHosts entry that is not a host', () => {
    for (const entry of ['https://app.example', 'app.example/path', '']) {
      expect(() =>
        createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, allowedHosts: [entry] }),
      ).toThrow(/allowedHosts/);
    }
  });
});

describe('createModelProxy: input errors are 4xx, never 502 (issue 24, 6)', () => {
  it('a 30 000-deep body that fits the size cap is 400 body_too_deep, with no upstream call', async () => {
    await startProxy();
    const depth = 30_000;
    const response = await post(`{"messages":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'body_too_deep' } });
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('createModelProxy: per-client rate limits and a body deadline (issue 24, 9)', () => {
  const request = (address?: string) =>
    new Request('http://localhost/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(address ? { 'x-real-ip': address } : {}) },
      body: JSON.stringify(chat),
    });

  it('a bare Fetch handler that cannot tell clients apart refuses to spend the key (no shared bucket)', async () => {
    const handler = createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY } });
    for (let i = 0; i < 3; i++) {
      const response = await handler(request());
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ error: { code: 'rate_limit_key_required' } });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('with rateLimit.key each client has its own bucket: one client over its limit locks no one else out', async () => {
    const handler = createModelProxy({
      upstream: { baseURL: upstream.url, apiKey: KEY },
      rateLimit: { capacity: 1, refillPerSecond: 0.001, key: (req) => req.headers.get('x-real-ip') ?? '' },
    });
    const statuses = [];
    for (const address of ['10.0.0.1', '10.0.0.1', '10.0.0.2']) {
      const response = await handler(request(address));
      statuses.push(response.status);
      await response.text();
    }
    expect(statuses).toEqual([200, 429, 200]);
    expect((await handler(request())).status).toBe(500);
  });

  it('a body that drips slower than bodyTimeoutMs gets 408 body_timeout, with no upstream call', async () => {
    await startProxy({ bodyTimeoutMs: 100 });
    const answer = await rawPost('/api/chat', { 'content-length': '1000' }, (request) => {
      request.write('{"messages":');
    });
    expect(answer).toMatchObject({ status: 408, json: { error: { code: 'body_timeout' } } });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses to start with a bodyTimeoutMs that is not a positive number', () => {
    expect(() => createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, bodyTimeoutMs: 0 })).toThrow(
      /bodyTimeoutMs must be a positive number/,
    );
  });
});
