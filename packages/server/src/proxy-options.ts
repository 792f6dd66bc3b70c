import { FieldstreamError } from '@fieldstream/core';
import { type AllowedTool, type AllowedToolDefinition, resolveAllowedTools } from './allowed-tools';
import { DEFAULT_ALLOWED_HOSTS, type HostPattern, parseHostPattern } from './check-origin';
import type { RateLimitStore } from './redis-rate-limit';
import type { UpstreamTranscript } from './upstream-transcript';

/** Who a request comes from, as the server adapter knows it (`toNodeHandler` fills it). */
export type ClientInfo = {
  /**
   * The client's address (the socket's remote address), the default rate-limit key. A bare Fetch
   * handler has none: it needs `rateLimit.key` (or `rateLimit: false`), else it answers 500
   * `rate_limit_key_required` and never calls the upstream.
   */
  address?: string;
};

/** Options of {@link createModelProxy}. Every default is the safe one. */
export type ModelProxyOptions = {
  /** The OpenAI-compatible endpoint. The key is sent upstream only and scrubbed from every response. */
  upstream: {
    /** E.g. `https://api.openai.com/v1`. */
    baseURL: string;
    apiKey: string;
    /** Forces this model on every request; without it the client's `model` is passed on. */
    model?: string;
    /** Appended to `baseURL`. Default `/chat/completions`. */
    path?: string;
  };
  /**
   * Origins (`https://app.example.com`) allowed besides the handler's own. Default: none, so only
   * same-origin pages (and clients that send no `Origin`, such as servers and curl) get through.
   */
  allowedOrigins?: readonly string[];
  /**
   * The `Host` values the proxy answers to (`app.example.com`; `.example.com` for it and its
   * subdomains; `app.example.com:8443` for one port, otherwise every port). A request addressed to
   * any other host is refused (403 `host_not_allowed`): after a DNS rebinding the attacker's page is
   * "same-origin" with its own host name, and only this list tells it apart. Default: `localhost`,
   * `127.0.0.1` and `[::1]` on every port (local development); a deployment lists its host names.
   */
  allowedHosts?: readonly string[];
  /** The cap on `max_tokens` / `max_completion_tokens`; set to it when the client sends none. Default 4096. */
  maxTokens?: number;
  /**
   * Body fields the client may set; the rest are dropped. `tools`, `tool_choice`, `functions` and
   * `function_call` are refused (400) unless listed here. `n` is always 1.
   */
  allowBody?: readonly string[];
  /**
   * Tools browsers may offer the model, pinned here by name and JSON Schema (an output tool is one
   * of them), each `{ name, parameters, … }` or the Chat Completions tool around it. With it, a
   * request's `tools` must each be one of these with the very same `parameters` (the server's
   * definition is what goes upstream), `tool_choice` may be `auto`, `none`, `required` or one of
   * them, and `parallel_tool_calls` a boolean; anything else is refused (400 `tool_not_allowed`).
   * `functions` and `function_call` stay refused. Default: none.
   */
  allowTools?: readonly AllowedTool[];
  /**
   * Per-client token bucket: `capacity` requests at once (default 20), refilled at `refillPerSecond`
   * (default 0.5). `key` names the client; without it the client is `ClientInfo.address` (what
   * `toNodeHandler` passes). A request with neither is refused (500 `rate_limit_key_required`), so
   * a bare Fetch handler (Next.js, Hono) needs a `key` (or `false`, which turns the limit off).
   * `store` keeps the buckets elsewhere: `createRedisRateLimitStore({ url })` makes the limit hold
   * across instances (default: in this process).
   */
  rateLimit?:
    | false
    | {
        capacity?: number;
        refillPerSecond?: number;
        key?: (request: Request, client: ClientInfo) => string;
        store?: RateLimitStore;
      };
  /** Largest request body in bytes. Default 64 KiB. */
  maxBodyBytes?: number;
  /** The time the whole request body may take to arrive, in ms; later it is 408 `body_timeout`. Default 10 000. */
  bodyTimeoutMs?: number;
  /** The upstream `fetch` (tests, instrumentation). Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * Development: called once per answered request, when its body ended, with the upstream's
   * answer as the client received it (the key scrubbed; no request, header or cookie), so a real
   * provider's answer can be written to a fixture file and replayed in tests. Default: none.
   */
  onTranscript?: (transcript: UpstreamTranscript) => void;
};

/** The fields a chat client may set by default (what `openAIChat` sends, plus sampling settings). */
export const DEFAULT_ALLOW_BODY: readonly string[] = [
  'model',
  'messages',
  'stream',
  'stream_options',
  'response_format',
  'temperature',
  'top_p',
  'max_tokens',
  'max_completion_tokens',
  'stop',
  'seed',
  'presence_penalty',
  'frequency_penalty',
  'reasoning_effort',
];
export const TOOL_FIELDS: readonly string[] = [
  'tools',
  'tool_choice',
  'functions',
  'function_call',
  'parallel_tool_calls',
];

export type ResolvedProxyOptions = {
  url: string;
  apiKey: string;
  model: string | undefined;
  allowedOrigins: ReadonlySet<string>;
  allowedHosts: readonly HostPattern[];
  maxTokens: number;
  allowBody: ReadonlySet<string>;
  allowTools: ReadonlyMap<string, AllowedToolDefinition>;
  rateLimit:
    | {
        capacity: number;
        refillPerSecond: number;
        key: ((request: Request, client: ClientInfo) => string) | undefined;
        store: RateLimitStore | undefined;
      }
    | undefined;
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  fetch: typeof fetch;
  onTranscript: ((transcript: UpstreamTranscript) => void) | undefined;
};

/** Checks the options once, when the proxy is created: a misconfigured proxy must not start. */
export function resolveProxyOptions(options: ModelProxyOptions): ResolvedProxyOptions {
  const upstream = options?.upstream;
  if (upstream === undefined || typeof upstream !== 'object') fail('upstream { baseURL, apiKey } is required');
  if (typeof upstream.apiKey !== 'string' || upstream.apiKey.trim() === '')
    fail('upstream.apiKey must be a non-empty string');
  let base: URL;
  try {
    base = new URL(upstream.baseURL);
  } catch {
    fail(`upstream.baseURL must be an absolute http(s) URL, got ${JSON.stringify(upstream.baseURL)}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') fail('upstream.baseURL must use http or https');
  const origins = (options.allowedOrigins ?? []).map((origin) => {
    try {
      return new URL(origin).origin;
    } catch {
      return fail(`allowedOrigins: ${JSON.stringify(origin)} is not an origin (https://host[:port])`);
    }
  });
  const hosts = options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS;
  if (!Array.isArray(hosts) || hosts.length === 0) fail('allowedHosts must list at least one host');
  const allowedHosts = hosts.map(
    (host) =>
      (typeof host === 'string' ? parseHostPattern(host) : undefined) ??
      fail(`allowedHosts: ${JSON.stringify(host)} is not a host (app.example.com, .example.com or host:port)`),
  );
  const limit = options.rateLimit === false ? undefined : (options.rateLimit ?? {});
  return {
    url: `${upstream.baseURL.replace(/\/+$/, '')}${upstream.path ?? '/chat/completions'}`,
    apiKey: upstream.apiKey,
    model: upstream.model,
    allowedOrigins: new Set(origins),
    allowedHosts,
    maxTokens: positive('maxTokens', options.maxTokens, 4096),
    allowBody: new Set(options.allowBody ?? DEFAULT_ALLOW_BODY),
    allowTools: resolveAllowedTools(options.allowTools),
    rateLimit:
      limit === undefined
        ? undefined
        : {
            capacity: positive('rateLimit.capacity', limit.capacity, 20),
            refillPerSecond: positive('rateLimit.refillPerSecond', limit.refillPerSecond, 0.5),
            key: limit.key,
            store: limit.store,
          },
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes, 64 * 1024),
    bodyTimeoutMs: positive('bodyTimeoutMs', options.bodyTimeoutMs, 10_000),
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    onTranscript:
      options.onTranscript === undefined || typeof options.onTranscript === 'function'
        ? options.onTranscript
        : fail('onTranscript must be a function'),
  };
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    fail(`${name} must be a positive number, got ${value}`);
  return value;
}

function fail(message: string): never {
  throw new FieldstreamError('PROXY_OPTIONS_INVALID', `createModelProxy: ${message}`);
}
