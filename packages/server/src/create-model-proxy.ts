import { ALLOWANCE_FIELDS, checkToolRequest } from './allowed-tools';
import { checkHost, checkOrigin } from './check-origin';
import { type ClientInfo, type ModelProxyOptions, resolveProxyOptions, TOOL_FIELDS } from './proxy-options';
import { readCappedBody } from './read-capped-body';
import { scrubSecret, scrubStream } from './scrub-secret';
import { TokenBuckets } from './token-bucket';
import { type TranscriptTap, tapTranscript, type UpstreamTranscript } from './upstream-transcript';

/** A Fetch-API handler: Next.js route handlers, Hono, Bun, Deno, workers; `toNodeHandler` for Node. */
export type ModelProxyHandler = (request: Request, client?: ClientInfo) => Promise<Response>;

/** The longest upstream error message passed on (scrubbed). */
const MAX_UPSTREAM_MESSAGE = 500;
/** Why a request is refused when the rate limit has no way to tell its client from others. */
const NO_CLIENT_KEY =
  'the proxy cannot tell clients apart: set rateLimit.key (e.g. the client address your platform sets), or rateLimit: false';
/** The deepest request body accepted (a chat body with a nested JSON schema stays far below). */
const MAX_BODY_DEPTH = 128;
/** The most bytes of an upstream error body read: the message is taken from them, the rest is never read. */
const MAX_UPSTREAM_ERROR_BYTES = 4096;

/**
 * A model proxy that keeps the API key on the server and is safe by default: only requests addressed
 * to an allowed host (DNS rebinding); only same-origin or allowed origins; only `application/json`
 * bodies (a cross-origin "simple" request can never spend the key); only allowed body fields, `n`
 * forced to 1, `max_tokens` capped, tools refused; bodies capped in size, depth and time; a
 * per-client token bucket; the key scrubbed from every response; SSE passed through with
 * backpressure; redirects never followed; upstream error bodies read only as far as kept; the
 * upstream request aborted when the client goes away; every failure a typed JSON error.
 */
export function createModelProxy(options: ModelProxyOptions): ModelProxyHandler {
  const config = resolveProxyOptions(options);
  const buckets =
    config.rateLimit &&
    (config.rateLimit.store ?? new TokenBuckets(config.rateLimit.capacity, config.rateLimit.refillPerSecond));

  const handle: ModelProxyHandler = async (request, client = {}) => {
    const host = checkHost(request, config.allowedHosts);
    if (!host.ok) return problem(403, 'host_not_allowed', host.reason);
    const origin = checkOrigin(request, host.host, config.allowedOrigins);
    if (!origin.ok) return problem(403, 'origin_not_allowed', origin.reason);
    const cors: Record<string, string> =
      origin.corsOrigin === undefined ? {} : { 'access-control-allow-origin': origin.corsOrigin, vary: 'origin' };
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type' },
      });
    }
    if (request.method !== 'POST') return problem(405, 'method_not_allowed', 'only POST is allowed', cors);
    const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json')
      return problem(415, 'unsupported_media_type', 'the body must be application/json', cors);
    if (buckets && config.rateLimit) {
      // Without a key per client every caller would share one bucket, and one could lock out all.
      const clientKey = config.rateLimit.key ? config.rateLimit.key(request, client) : client.address;
      if (typeof clientKey !== 'string' || clientKey === '')
        return problem(500, 'rate_limit_key_required', NO_CLIENT_KEY, cors);
      let wait: number;
      try {
        wait = await buckets.take(clientKey, config.rateLimit);
      } catch {
        // A shared limit that cannot be read fails closed: without it the key is unguarded.
        return problem(503, 'rate_limit_unavailable', 'the rate limit store cannot be reached', cors);
      }
      if (wait > 0)
        return problem(429, 'rate_limited', 'too many requests', { ...cors, 'retry-after': String(Math.ceil(wait)) });
    }
    const read = await readCappedBody(request, config.maxBodyBytes, config.bodyTimeoutMs);
    if (!read.ok) return bodyProblem(read.reason, config, cors);
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      return problem(400, 'invalid_json', 'the body is not valid JSON', cors);
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return problem(400, 'invalid_body', 'the body must be a JSON object', cors);
    if (deeperThan(body, MAX_BODY_DEPTH))
      return problem(400, 'body_too_deep', `the body nests deeper than ${MAX_BODY_DEPTH} levels`, cors);
    const governed = (field: string) => config.allowTools.size > 0 && ALLOWANCE_FIELDS.includes(field);
    const tool = TOOL_FIELDS.find((field) => field in body && !config.allowBody.has(field) && !governed(field));
    if (tool !== undefined) return problem(400, 'tools_not_allowed', `"${tool}" is not allowed`, cors);
    const forwarded = upstreamBody(body as Record<string, unknown>, config);
    if (config.allowTools.size > 0) {
      // Tools the server pinned (allowed-tools.ts): the client names them, the server defines them.
      const tools = checkToolRequest(body as Record<string, unknown>, config.allowTools);
      if (!tools.ok) return problem(400, 'tool_not_allowed', tools.reason, cors);
      Object.assign(forwarded, tools.fields);
    }

    const upstreamAbort = new AbortController();
    const onClientGone = () => upstreamAbort.abort();
    const release = () => request.signal.removeEventListener('abort', onClientGone);
    // The client may leave at any stage (also before this line): the upstream request goes with it.
    request.signal.addEventListener('abort', onClientGone, { once: true });
    if (request.signal.aborted) onClientGone();
    let upstream: Response;
    try {
      upstream = await config.fetch(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: forwarded.stream === true ? 'text/event-stream' : 'application/json',
          authorization: `Bearer ${config.apiKey}`,
        },
        body: JSON.stringify(forwarded),
        // A redirect would re-send the body (and the key) elsewhere: it is answered, never followed.
        redirect: 'manual',
        signal: upstreamAbort.signal,
      });
    } catch (error) {
      release();
      const message = scrubSecret(`the upstream is unreachable: ${(error as Error)?.message ?? error}`, config.apiKey);
      return problem(502, 'upstream_unreachable', message, cors);
    }
    if (upstream.status < 200 || upstream.status > 299 || upstream.type === 'opaqueredirect') {
      try {
        return await upstreamFailure(upstream, config.apiKey, cors);
      } finally {
        release();
        upstreamAbort.abort();
      }
    }
    const contentType: UpstreamTranscript['contentType'] = upstream.headers
      .get('content-type')
      ?.startsWith('text/event-stream')
      ? 'text/event-stream'
      : 'application/json';
    // Only our own headers: upstream ones (cookies, request ids, echoes) never reach the client.
    const headers = {
      ...cors,
      'content-type': contentType,
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    };
    if (upstream.body === null) {
      release();
      return new Response(null, { status: upstream.status, headers });
    }
    const tap =
      config.onTranscript === undefined ? undefined : tapTranscript(config.onTranscript, upstream.status, contentType);
    return new Response(passThrough(upstream.body, config.apiKey, upstreamAbort, release, tap), {
      status: upstream.status,
      headers,
    });
  };
  // Whatever goes wrong, the answer is a typed error, never a rejected promise (the adapter's bare 500).
  return (request, client) =>
    handle(request, client).catch(() => problem(500, 'internal_error', 'the proxy failed to answer'));
}

/** The client's body reduced to the allowed fields, with the server's rules applied. */
function upstreamBody(body: Record<string, unknown>, config: ReturnType<typeof resolveProxyOptions>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (config.allowBody.has(key)) out[key] = value;
  if (config.model !== undefined) out.model = config.model;
  out.n = 1;
  let capped = false;
  for (const field of ['max_tokens', 'max_completion_tokens']) {
    if (!(field in out)) continue;
    // Anything but a count of at least 1 (a string, 0.5, a negative, null) is the cap, as when absent.
    const asked = out[field];
    out[field] =
      typeof asked === 'number' && asked >= 1 ? Math.min(Math.floor(asked), config.maxTokens) : config.maxTokens;
    capped = true;
  }
  if (!capped) out.max_tokens = config.maxTokens;
  return out;
}

/** Whether a parsed JSON value nests deeper than `max` objects and arrays; iterative, so no depth overflows it. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The answer to a body that could not be read: too large (413), too slow (408, the connection closed), or cut. */
function bodyProblem(
  reason: 'too_large' | 'timeout' | 'unreadable',
  config: { maxBodyBytes: number; bodyTimeoutMs: number },
  cors: Record<string, string>,
): Response {
  if (reason === 'too_large')
    return problem(413, 'body_too_large', `the body is larger than ${config.maxBodyBytes} bytes`, cors);
  if (reason === 'timeout') {
    const message = `the body did not arrive within ${config.bodyTimeoutMs} ms`;
    return problem(408, 'body_timeout', message, { ...cors, connection: 'close' });
  }
  return problem(400, 'body_unreadable', 'the body could not be read', cors);
}

/**
 * The upstream body piped through the key scrubber; cancelling it (the client left) aborts the
 * upstream. `tap` gets what the client gets, and how the body ended.
 */
function passThrough(
  body: ReadableStream<Uint8Array>,
  apiKey: string,
  upstreamAbort: AbortController,
  done: () => void,
  tap: TranscriptTap | undefined,
): ReadableStream<Uint8Array> {
  const scrubbed = body.pipeThrough(scrubStream(apiKey));
  const reader = scrubbed.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done: finished, value } = await reader.read();
          if (finished) {
            done();
            tap?.end(true);
            controller.close();
          } else {
            tap?.take(value);
            controller.enqueue(value);
          }
        } catch (error) {
          done();
          tap?.end(false);
          controller.error(error);
        }
      },
      cancel(reason) {
        done();
        tap?.end(false);
        upstreamAbort.abort();
        return reader.cancel(reason).catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The answer to an upstream status that is not 2xx. 4xx and 5xx pass on with a short scrubbed
 * message read from at most {@link MAX_UPSTREAM_ERROR_BYTES}; a redirect (3xx, never followed) or a
 * status no client should see (1xx, outside 100–599) is a 502. Every one names `upstream_status`.
 */
async function upstreamFailure(upstream: Response, apiKey: string, cors: Record<string, string>): Promise<Response> {
  const status = upstream.status;
  if (upstream.type === 'opaqueredirect' || (status >= 300 && status <= 399)) {
    void upstream.body?.cancel().catch(() => undefined);
    const message = `the upstream answered ${status || 'a redirect'}; redirects are not followed`;
    return problem(502, 'upstream_redirect', message, cors, status);
  }
  if (status < 400 || status > 599) {
    void upstream.body?.cancel().catch(() => undefined);
    return problem(
      502,
      'upstream_status_invalid',
      `the upstream answered an unexpected status ${status}`,
      cors,
      status,
    );
  }
  const detail = scrubSecret(upstreamMessage(await readHead(upstream.body, MAX_UPSTREAM_ERROR_BYTES)), apiKey);
  return problem(status, 'upstream_error', detail || `the upstream answered ${status}`, cors, status);
}

/** The first `maxBytes` of a body as text; the rest is not read (the body is cancelled), nor is a failing body. */
async function readHead(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (body === null) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      const part = value.subarray(0, maxBytes - size);
      size += part.byteLength;
      text += decoder.decode(part, { stream: true });
    }
    return text + decoder.decode();
  } catch {
    return text;
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

function upstreamMessage(text: string): string {
  let message = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof candidate === 'string') message = candidate;
  } catch {
    // Not JSON: the text itself, shortened.
  }
  return message.length > MAX_UPSTREAM_MESSAGE ? `${message.slice(0, MAX_UPSTREAM_MESSAGE)}…` : message;
}

/** A typed error answer; `upstreamStatus` is the status the upstream answered, when it answered. */
function problem(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  upstreamStatus?: number,
): Response {
  const error = {
    message,
    type: 'proxy_error',
    code,
    ...(upstreamStatus === undefined ? {} : { upstream_status: upstreamStatus }),
  };
  return Response.json({ error }, { status, headers });
}
