import { AbortError, fetchEventStream, type SSEMessage, TransportError } from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, collectUntilError, type LocalServer, reply, startServer, writeEventStream } from './local-server';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const message = (data: string, event = 'message', id = ''): SSEMessage => ({ event, data, id });
const post = { method: 'POST', body: '{"prompt":"hi"}', headers: { 'content-type': 'application/json' } };

describe('fetchEventStream over a real local HTTP server', () => {
  it('POSTs the body with Accept: text/event-stream and yields events as they arrive', async () => {
    server = await startServer((_req, res) =>
      writeEventStream(
        res,
        ['data: one\n', '\nevent: tick\nid: 7\ndata: t', 'wo\n\n', ': comment\n\ndata: three\n\n'],
        {
          gapMs: 5,
        },
      ),
    );
    const messages = await collect(fetchEventStream(`${server.url}/stream`, post));
    expect(messages).toEqual([message('one'), message('two', 'tick', '7'), message('three', 'message', '7')]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/stream', body: '{"prompt":"hi"}' });
    expect(server.requests[0]?.headers.accept).toBe('text/event-stream');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('defaults to GET without a body and keeps a caller-supplied Accept header', async () => {
    server = await startServer((_req, res) => writeEventStream(res, ['data: x\n\n']));
    await collect(fetchEventStream(server.url, { headers: { Accept: 'text/event-stream; q=1' } }));
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.headers.accept).toBe('text/event-stream; q=1');
  });

  it.each([400, 401, 404, 429, 500, 503])(
    'HTTP %i → TransportError with status and body, sent once',
    async (status) => {
      server = await startServer((_req, res) => reply(res, status, 'application/json', `{"error":{"code":${status}}}`));
      const { items, error } = await collectUntilError(fetchEventStream(server.url, post));
      expect(items).toEqual([]);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ status, body: `{"error":{"code":${status}}}`, code: `HTTP_${status}` });
      expect(server.requests).toHaveLength(1);
    },
  );

  it('a 200 with the wrong content type → TransportError with status 200 and the body', async () => {
    server = await startServer((_req, res) => reply(res, 200, 'text/html; charset=utf-8', '<h1>login</h1>'));
    const { error } = await collectUntilError(fetchEventStream(server.url, post));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 200, body: '<h1>login</h1>' });
    expect((error as TransportError).message).toContain('text/html');
  });

  it('accepts text/event-stream with parameters and in any case', async () => {
    server = await startServer((_req, res) =>
      writeEventStream(res, ['data: ok\n\n'], { headers: { 'content-type': 'Text/Event-Stream; charset=utf-8' } }),
    );
    expect(await collect(fetchEventStream(server.url))).toEqual([message('ok')]);
  });

  it('keeps at most 64 KB of an error body', async () => {
    server = await startServer((_req, res) => reply(res, 502, 'text/plain', 'e'.repeat(200_000)));
    const { error } = await collectUntilError(fetchEventStream(server.url));
    expect((error as TransportError).body).toHaveLength(64 * 1024);
  });

  it('no server listening → TransportError status 0', async () => {
    server = await startServer(() => {});
    const url = server.url;
    await server.close();
    server = undefined;
    const { error } = await collectUntilError(fetchEventStream(url, post));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0, code: 'TRANSPORT_FAILED', url });
  });

  it('a connection dropped mid-stream → TransportError status 0 after the events that arrived', async () => {
    server = await startServer(async (_req, res) => {
      await writeEventStream(res, ['data: first\n\n', 'data: half'], { end: false, gapMs: 10 });
      res.socket?.destroy();
    });
    const { items, error } = await collectUntilError(fetchEventStream(server.url, post));
    expect(items).toEqual([message('first')]);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).status).toBe(0);
    expect((error as TransportError).message).toMatch(/connection dropped/i);
  });

  it('with isEndMessage: a clean close before the end marker is a dropped connection, not a success', async () => {
    server = await startServer((_req, res) => writeEventStream(res, ['data: a\n\n', 'data: b\n\n']));
    const { items, error } = await collectUntilError(
      fetchEventStream(server.url, { ...post, isEndMessage: (m) => m.data === '[DONE]' }),
    );
    expect(items).toEqual([message('a'), message('b')]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
    expect((error as TransportError).message).toMatch(/ended before its end marker/);
  });

  it('with isEndMessage: stops after the end marker and closes the connection', async () => {
    server = await startServer((_req, res) => writeEventStream(res, ['data: a\n\ndata: [DONE]\n\n'], { end: false }));
    const messages = await collect(fetchEventStream(server.url, { ...post, isEndMessage: (m) => m.data === '[DONE]' }));
    expect(messages).toEqual([message('a'), message('[DONE]')]);
    await server.requests[0]?.closed;
    expect(server.requests[0]?.clientAborted()).toBe(true);
  });

  it('abort mid-stream rejects with AbortError and the server sees the connection close', async () => {
    const controller = new AbortController();
    server = await startServer((_req, res) => writeEventStream(res, ['data: first\n\n'], { end: false }));
    const seen: SSEMessage[] = [];
    const run = (async () => {
      for await (const m of fetchEventStream(server!.url, { ...post, signal: controller.signal })) {
        seen.push(m);
        controller.abort();
      }
    })();
    await expect(run).rejects.toBeInstanceOf(AbortError);
    await expect(run).rejects.toMatchObject({ name: 'AbortError', code: 'ABORTED' });
    expect(seen).toEqual([message('first')]);
    await server.requests[0]?.closed;
    expect(server.requests[0]?.clientAborted()).toBe(true);
  });

  it('abort while waiting for the response headers rejects with AbortError', async () => {
    const controller = new AbortController();
    server = await startServer(() => {
      controller.abort();
    });
    const { error } = await collectUntilError(fetchEventStream(server.url, { ...post, signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    await server.requests[0]?.closed;
    expect(server.requests[0]?.clientAborted()).toBe(true);
  });

  it('an already-aborted signal rejects with AbortError and sends nothing', async () => {
    server = await startServer((_req, res) => writeEventStream(res, ['data: x\n\n']));
    const { error } = await collectUntilError(fetchEventStream(server.url, { ...post, signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(0);
  });

  it('leaving the loop early closes the connection', async () => {
    server = await startServer((_req, res) => writeEventStream(res, ['data: 1\n\n', 'data: 2\n\n'], { end: false }));
    for await (const m of fetchEventStream(server.url, post)) {
      expect(m).toEqual(message('1'));
      break;
    }
    await server.requests[0]?.closed;
    expect(server.requests[0]?.clientAborted()).toBe(true);
  });

  it('never re-sends when the tab is hidden and shown again (no visibility listener at all)', async () => {
    const target = new EventTarget();
    const fakeDocument = { hidden: false, addEventListener: target.addEventListener.bind(target) };
    const globals = globalThis as Record<string, unknown>;
    globals.document = fakeDocument;
    try {
      server = await startServer((_req, res) => writeEventStream(res, ['data: a\n\n', 'data: b\n\n'], { gapMs: 30 }));
      const messages: SSEMessage[] = [];
      for await (const m of fetchEventStream(server.url, post)) {
        messages.push(m);
        fakeDocument.hidden = true;
        target.dispatchEvent(new Event('visibilitychange'));
        fakeDocument.hidden = false;
        target.dispatchEvent(new Event('visibilitychange'));
      }
      expect(messages).toEqual([message('a'), message('b')]);
      expect(server.requests).toHaveLength(1);
    } finally {
      delete globals.document;
    }
  });
});

describe('fetchEventStream retries (opt-in only)', () => {
  it('retries a 503 when the caller opts in, then streams', async () => {
    server = await startServer((_req, res) => {
      if (server!.requests.length === 1) reply(res, 503, 'text/plain', 'busy');
      else void writeEventStream(res, ['data: ok\n\n']);
    });
    const messages = await collect(fetchEventStream(server.url, { ...post, retry: { attempts: 2, delayMs: 5 } }));
    expect(messages).toEqual([message('ok')]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body).toBe('{"prompt":"hi"}');
  });

  it('gives up after `attempts` retries with the last TransportError', async () => {
    server = await startServer((_req, res) => reply(res, 500, 'text/plain', `fail ${server!.requests.length}`));
    const { error } = await collectUntilError(
      fetchEventStream(server.url, { ...post, retry: { attempts: 2, delayMs: 1 } }),
    );
    expect(error).toMatchObject({ status: 500, body: 'fail 3' });
    expect(server.requests).toHaveLength(3);
  });

  it('never retries a 4xx by default, even with retry set', async () => {
    server = await startServer((_req, res) => reply(res, 400, 'application/json', '{"error":"bad"}'));
    const { error } = await collectUntilError(
      fetchEventStream(server.url, { ...post, retry: { attempts: 3, delayMs: 1 } }),
    );
    expect(error).toMatchObject({ status: 400 });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 4xx only when shouldRetry says so; delayMs may be a function', async () => {
    server = await startServer((_req, res) => {
      if (server!.requests.length < 3) reply(res, 409, 'text/plain', 'conflict');
      else void writeEventStream(res, ['data: ok\n\n']);
    });
    const delays: number[] = [];
    const retry = {
      attempts: 5,
      shouldRetry: (e: TransportError) => e.status === 409,
      delayMs: (n: number) => {
        delays.push(n);
        return 1;
      },
    };
    expect(await collect(fetchEventStream(server.url, { ...post, retry }))).toEqual([message('ok')]);
    expect(delays).toEqual([1, 2]);
  });

  it('does not retry after events arrived (no duplicated output), even with retry set', async () => {
    server = await startServer(async (_req, res) => {
      await writeEventStream(res, ['data: first\n\n'], { end: false });
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const { items, error } = await collectUntilError(
      fetchEventStream(server.url, { ...post, retry: { attempts: 3, delayMs: 1 } }),
    );
    expect(items).toEqual([message('first')]);
    expect(error).toMatchObject({ status: 0 });
    expect(server.requests).toHaveLength(1);
  });

  it('waits at least a Retry-After given in seconds', async () => {
    server = await startServer((_req, res) => {
      if (server!.requests.length === 1) {
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1' });
        res.end('slow down');
      } else void writeEventStream(res, ['data: ok\n\n']);
    });
    const started = performance.now();
    expect(await collect(fetchEventStream(server.url, { ...post, retry: { attempts: 1, delayMs: 1 } }))).toEqual([
      message('ok'),
    ]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('abort during the retry wait rejects with AbortError without another request', async () => {
    const controller = new AbortController();
    server = await startServer((_req, res) => {
      reply(res, 503, 'text/plain', 'busy');
      setTimeout(() => controller.abort(), 20);
    });
    const { error } = await collectUntilError(
      fetchEventStream(server.url, { ...post, signal: controller.signal, retry: { attempts: 3, delayMs: 10_000 } }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(1);
  });
});
