import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientInfo } from './proxy-options';

/** A Fetch-API handler, as `createModelProxy` returns. */
export type FetchHandler = (request: Request, client?: ClientInfo) => Promise<Response>;

/** A `node:http` / Express / Connect / Vite middleware handler. */
export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => Promise<void>;

/**
 * Adapts a Fetch-API handler to `node:http` (and Express, Connect, Vite middleware; a `req.body` a
 * framework already parsed is used as the body). The request's URL is the `Host` header's
 * authority and the target's path (never an authority the target names). The request's
 * signal aborts when the client disconnects, the response body is written with backpressure
 * (waiting for `drain`), and closing the socket cancels the body (which aborts the upstream).
 */
export function toNodeHandler(handler: FetchHandler): NodeHandler {
  return async (req, res, next) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const request = toRequest(req, controller.signal);
      const response = await handler(request, { address: req.socket.remoteAddress });
      await writeResponse(response, res, controller.signal);
    } catch (error) {
      if (next) next(error);
      else if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"internal error"}}');
      } else res.destroy();
    }
  };
}

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const url = requestUrl(req.url ?? '/', req.headers.host);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // A body a framework already parsed (Express's `express.json()` sets `req.body`) is used as is.
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  let body: BodyInit | undefined;
  if (hasBody && parsed !== undefined) {
    body = typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
    headers.delete('content-length');
  } else if (hasBody) body = bodyStream(req);
  return new Request(url, { method: req.method, headers, signal, body, duplex: 'half' } as RequestInit);
}

/**
 * The request's URL: the `Host` header's authority (`localhost` without one) and the
 * target's path. The authority of an absolute-form (`POST http://evil/…`), `//evil/…` or
 * `/\evil/…` target is the client's word and is never used; a `Host` that is not an authority
 * gives `host.invalid` (RFC 2606), which no host check allows.
 */
function requestUrl(target: string, host = 'localhost'): URL {
  const path = pathOf(target);
  try {
    return new URL(path, `http://${host}`);
  } catch {
    return new URL(path, 'http://host.invalid');
  }
}

function pathOf(target: string): string {
  try {
    const url = new URL(target, 'http://host.invalid');
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

/** The request body as a web stream, read on demand (no `node:stream` import: the package stays runtime-neutral). */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(value));
    },
    cancel() {
      // Discard the rest (a refused oversized body) but keep the socket for the answer.
      req.resume();
    },
  });
}

async function writeResponse(response: Response, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  // The client may have left already (the abort event has fired): the body is cancelled at once.
  if (signal.aborted) return cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res, signal);
      if (signal.aborted) return;
    }
    res.end();
  } catch {
    if (!signal.aborted) res.destroy();
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      res.off('drain', finish);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    res.on('drain', finish);
    signal.addEventListener('abort', finish, { once: true });
  });
}
