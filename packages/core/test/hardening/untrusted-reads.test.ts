import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ArgumentError, createFieldStore, createResponse, TransportError } from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { serveWorkerResponses, type WorkerScope } from '@fieldstream/core/worker';
import { describe, expect, it, vi } from 'vitest';

describe('a patch-stream message past maxMessageLength', () => {
  it('fails with a typed error, closes the connection, and keeps what streamed', async () => {
    let closed = false;
    const server = createServer((request, reply) => {
      reply.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.write('data: [{"k":"a","n":0,"f":"json"},{"k":"s","s":"streaming"},{"p":"title","d":"Fix","v":"Fix"}]\n\n');
      // A data line that never ends.
      const drip = setInterval(() => reply.write('x'.repeat(4096)), 1);
      request.socket.on('close', () => {
        closed = true;
        clearInterval(drip);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const response = fromPatchStream({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        maxMessageLength: 64 * 1024,
      });
      const store = createFieldStore(response);
      const error = await response.getData().catch((rejection: unknown) => rejection);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ code: 'STREAM_MESSAGE_TOO_LARGE', status: 0 });
      expect(store.getState().status).toBe('error');
      expect(store.getField('title').value).toBe('Fix');
      await vi.waitFor(() => expect(closed).toBe(true), { timeout: 10_000 });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('is checked: a limit below 1 is an ArgumentError', () => {
    expect(() => fromPatchStream({ url: 'http://x', maxMessageLength: 0 })).toThrow(ArgumentError);
  });
});

describe('the worker host ignores what is not a start with a port of its own', () => {
  it('null, undefined, forged chunks and starts without a port are ignored without a throw', () => {
    let deliver: (event: MessageEvent) => void = () => undefined;
    const scope: WorkerScope = {
      addEventListener: (_type, listener) => {
        deliver = listener;
      },
      removeEventListener: () => undefined,
    };
    serveWorkerResponses(scope);
    for (const data of [null, undefined, 42, { t: 'chunk', id: 0, text: 'data: []\n\n' }, { t: 'start', options: {} }])
      expect(() => deliver({ data } as MessageEvent)).not.toThrow();
  });
});

describe('a model that does not return an async iterable', () => {
  it('fails with an ArgumentError that says what a model must return', async () => {
    const response = createResponse({ model: (() => 42) as never, input: 'x', format: 'json', maxRetries: 2 });
    const error = await response.getData().catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toBe(
      'createResponse options.model(request, { signal }) must be an async iterable of model events (e.g. an async generator yielding { type: "text", delta }), got the number 42',
    );
    expect(response.attempt).toBe(0);
  });
});

describe("a patch stream's meta event is untrusted", () => {
  const stream = (meta: string) =>
    fromPatchStream({
      url: 'http://x/',
      fetch: async () =>
        new Response(
          `data: [{"k":"a","n":0,"f":"json"},{"k":"s","s":"streaming"},{"k":"f","v":{"a":1}},{"k":"s","s":"done"},${meta}]\n\nevent: end\ndata: {}\n\n`,
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });

  it.each(['{"k":"m","m":5}', '{"k":"m","m":null}', '{"k":"m","m":[1]}', '{"k":"m"}'])(
    'a meta that is not a record (%s) is ignored: the derived meta stands',
    async (meta) => {
      const response = stream(meta);
      expect(await response.getData()).toEqual({ a: 1 });
      expect(await response.getMeta()).toEqual({
        requestedFormat: 'json',
        resolvedFormat: 'json',
        repaired: false,
        attempts: 1,
        usage: undefined,
        status: 'done',
      });
    },
  );

  it('formats that are not names are ignored; `__proto__` is a key like any other, never a prototype', async () => {
    const response = stream(
      '{"k":"m","m":{"__proto__":{"polluted":1},"usage":{"inputTokens":3},"requestedFormat":"auto","resolvedFormat":7,"attempts":9,"status":"error"}}',
    );
    await response.getData();
    const meta = await response.getMeta();
    expect(meta).toMatchObject({ requestedFormat: 'json', resolvedFormat: 'json', attempts: 1, status: 'done' });
    expect(meta.usage).toEqual({ inputTokens: 3 });
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(Object.hasOwn(meta, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
