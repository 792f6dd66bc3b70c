/** One event to encode: a full message, or just its data. */
export type SSEFixtureEvent = string | { event?: string; data: string; id?: string };

/**
 * Encodes events as a `text/event-stream` body. Multi-line data becomes several `data:` lines;
 * a plain string is the data of an unnamed event.
 */
export function formatSSE(events: readonly SSEFixtureEvent[]): string {
  let out = '';
  for (const item of events) {
    const message = typeof item === 'string' ? { data: item } : item;
    if (message.event !== undefined) out += `event: ${message.event}\n`;
    if (message.id !== undefined) out += `id: ${message.id}\n`;
    for (const line of message.data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
    out += '\n';
  }
  return out;
}

/** Options for {@link sseResponse}. */
export type SSEResponseOptions = {
  /** HTTP status. Default 200. */
  status?: number;
  /** Response headers. Default `content-type: text/event-stream`. */
  headers?: Record<string, string>;
  /** Milliseconds between chunks (a `setTimeout`, so fake timers drive it). Default 0. */
  chunkDelayMs?: number;
  /** End the body with a network error after the chunks: a dropped connection. */
  dropConnection?: boolean;
};

/**
 * A streaming `Response` whose body is `chunks` (one string = one chunk), for a fake `fetch` in
 * UI tests: `fetch: fixtureFetch(() => sseResponse(openAIChatFixture({ text: ['Hel', 'lo'] })))`.
 */
export function sseResponse(chunks: string | readonly string[], options: SSEResponseOptions = {}): Response {
  const parts = typeof chunks === 'string' ? [chunks] : [...chunks];
  const encoder = new TextEncoder();
  let index = 0;
  // A chunk may end inside a surrogate pair: carry the high half over so the bytes stay valid UTF-8.
  let carry = '';
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index > 0 && options.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
      const part = parts[index++];
      if (part !== undefined) {
        let text = carry + part;
        carry = /[\uD800-\uDBFF]$/.test(text) && index < parts.length ? text.slice(-1) : '';
        if (carry !== '') text = text.slice(0, -1);
        controller.enqueue(encoder.encode(text));
      } else if (options.dropConnection) controller.error(new TypeError('network error: connection dropped'));
      else controller.close();
    },
  });
  return new Response(body, {
    status: options.status ?? 200,
    headers: options.headers ?? { 'content-type': 'text/event-stream' },
  });
}

/** A recorded call to a {@link fixtureFetch}. */
export type FixtureFetchCall = { url: string; method: string; headers: Record<string, string>; body: string };

/** A `fetch` that answers from `respond` and records each call; the body is read as text. */
export type FixtureFetch = typeof fetch & { calls: FixtureFetchCall[] };

/**
 * A fake `fetch` for the HTTP providers. `respond` gets the call (URL, method, headers, body text)
 * and returns the `Response` to play back. Honours the request's `AbortSignal`.
 */
export function fixtureFetch(respond: (call: FixtureFetchCall) => Response | Promise<Response>): FixtureFetch {
  const calls: FixtureFetchCall[] = [];
  const fake = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init);
    const call: FixtureFetchCall = {
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
    };
    calls.push(call);
    init.signal?.throwIfAborted();
    return respond(call);
  };
  return Object.assign(fake, { calls }) as FixtureFetch;
}
