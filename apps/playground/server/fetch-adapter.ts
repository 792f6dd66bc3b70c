import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatBackend } from './chat-backend';

type Listener = (...args: unknown[]) => void;

/** The few EventEmitter methods the backend and `toNodeHandler` call. */
class Emitter {
  readonly #listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener): this {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(name, wrapped);
      listener(...args);
    };
    return this.on(name, wrapped);
  }
  off(name: string, listener: Listener): this {
    this.#listeners.set(
      name,
      (this.#listeners.get(name) ?? []).filter((item) => item !== listener),
    );
    return this;
  }
  emit(name: string, ...args: unknown[]): void {
    for (const listener of this.#listeners.get(name) ?? []) listener(...args);
  }
}

/**
 * The `ServerResponse` surface the playground backend writes to, as a fetch `Response` whose body
 * streams what is written: headers go out on `writeHead`/`flushHeaders`/the first write, `end`
 * closes the body, `socket.destroy()` errors it (the client sees a dropped connection), and a
 * reader that cancels (an aborted fetch) closes the "socket" (`close` fires, `destroyed` is true).
 */
class StreamedResponse extends Emitter {
  statusCode = 200;
  headersSent = false;
  destroyed = false;
  writableEnded = false;
  writableFinished = false;
  readonly writableNeedDrain = false;
  readonly #headers = new Headers();
  readonly #encoder = new TextEncoder();
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  readonly #body: ReadableStream<Uint8Array>;
  readonly response: Promise<Response>;
  #resolve!: (response: Response) => void;
  readonly socket = {
    remoteAddress: '127.0.0.1',
    setNoDelay: (): void => undefined,
    destroy: (): void => this.destroy(),
  };

  constructor() {
    super();
    this.#body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      cancel: () => this.#close(),
    });
    this.response = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  setHeader(name: string, value: string | number): this {
    this.#headers.set(name, String(value));
    return this;
  }

  writeHead(status: number, headers: Record<string, string | number> = {}): this {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    return this;
  }

  flushHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    const nullBody = this.statusCode === 204 || this.statusCode === 304;
    this.#resolve(new Response(nullBody ? null : this.#body, { status: this.statusCode, headers: this.#headers }));
  }

  write(chunk: string | Uint8Array, callback?: () => void): boolean {
    this.flushHeaders();
    if (!this.destroyed && !this.writableEnded) {
      this.#controller?.enqueue(typeof chunk === 'string' ? this.#encoder.encode(chunk) : chunk);
    }
    if (callback !== undefined) queueMicrotask(callback);
    return true;
  }

  end(chunk?: string | Uint8Array): this {
    if (chunk !== undefined) this.write(chunk);
    this.flushHeaders();
    if (this.writableEnded) return this;
    this.writableEnded = true;
    this.writableFinished = true;
    if (!this.destroyed) this.#controller?.close();
    this.#close();
    return this;
  }

  destroy(reason: unknown = new TypeError('network error: connection reset')): void {
    if (this.destroyed) return;
    this.flushHeaders();
    if (!this.writableEnded) this.#controller?.error(reason);
    this.#close();
  }

  #close(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('close');
  }
}

/** A fetch `Request` as the `IncomingMessage` surface the backend reads (url, method, headers, body). */
async function incomingMessage(request: Request): Promise<IncomingMessage> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const message = Object.assign(new Emitter(), {
    url: url.pathname + url.search,
    method: request.method,
    headers,
    socket: { remoteAddress: '127.0.0.1' },
    resume: (): void => undefined,
    async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
      if (body !== undefined && body.byteLength > 0) yield new Uint8Array(body);
    },
  });
  return message as unknown as IncomingMessage;
}

/**
 * Serves fetch requests with a `node:http`-style backend, in any runtime with fetch and web
 * streams (the playground's static mode runs its scripted backend inside the page this way).
 * Resolves `undefined` when the backend does not handle the request.
 */
export function toFetchHandler(backend: ChatBackend): (request: Request) => Promise<Response | undefined> {
  return async (request) => {
    const res = new StreamedResponse();
    // The caller's abort closes the "connection", as a real client disconnect does.
    request.signal.addEventListener('abort', () => res.destroy(request.signal.reason), { once: true });
    request.signal.throwIfAborted();
    const handled = backend
      .handle(await incomingMessage(request), res as unknown as ServerResponse)
      .then((wasHandled) => {
        if (!wasHandled && !res.headersSent) return undefined;
        res.end();
        return res.response;
      });
    return Promise.race([res.response, handled]);
  };
}
