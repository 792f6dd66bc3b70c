// A real HTTP server on 127.0.0.1 (ephemeral port) for transport and provider tests: no mocked fetch.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server saw of one request. */
export type SeenRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Resolves when the client side of the connection closed (or the response ended). */
  closed: Promise<void>;
  /** True once the client went away before the response finished. */
  clientAborted: () => boolean;
};

export type Handler = (request: SeenRequest, response: ServerResponse) => void | Promise<void>;

export type LocalServer = {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
};

/** Starts a server that hands every request (body read) to `handler`. */
export async function startServer(handler: Handler): Promise<LocalServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      let aborted = false;
      const closed = new Promise<void>((resolve) => {
        res.on('close', () => {
          aborted = !res.writableFinished;
          resolve();
        });
      });
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        closed,
        clientAborted: () => aborted,
      };
      requests.push(seen);
      void handler(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Writes `chunks` as a text/event-stream, `gapMs` apart, then ends the response. */
export async function writeEventStream(
  response: ServerResponse,
  chunks: readonly string[],
  options: { gapMs?: number; end?: boolean; headers?: Record<string, string> } = {},
): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...options.headers });
  for (const chunk of chunks) {
    if (response.destroyed) return;
    response.write(chunk);
    if (options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
  }
  if (options.end !== false) response.end();
}

/** Replies with a status, a content type and a body. */
export function reply(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType });
  response.end(body);
}

/** Collects every item of an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** Collects items until the iterable throws; returns both. */
export async function collectUntilError<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterable) items.push(item);
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}
