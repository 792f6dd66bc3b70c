import { TransportError } from '../errors/errors';
import { openWithRetries, streamEvents } from '../transport/fetch-event-stream';
import type { RetryOptions } from '../transport/retry-policy';
import type { SSEMessage } from '../transport/sse-message';
import type { Model, ModelRequest } from './model';

/** Options shared by the HTTP providers (`openAIChat`, `openAIResponses`, `anthropicMessages`). */
export type HttpProviderOptions = {
  /** The API root, e.g. `https://api.openai.com/v1` or your own proxy. The endpoint path is appended. */
  baseURL: string;
  /** Sent as the provider's auth header. Leave unset when a proxy adds credentials server-side. */
  apiKey?: string;
  /** Extra request headers (they win over the defaults). */
  headers?: Record<string, string>;
  /** The model name sent in the body. */
  model: string;
  /** The fetch to use (default: the global `fetch`). */
  fetch?: typeof fetch;
  /**
   * Extra top-level body fields for every request (`temperature`, `max_tokens`, …). The request's
   * `settings` are merged over them.
   */
  body?: Record<string, unknown>;
  /** Opt-in retries of opening the stream (never after output arrived). Default: none. */
  retry?: RetryOptions;
};

/** `baseURL` + `/path`, with exactly one slash between them. */
export function endpoint(baseURL: string, path: string): string {
  return `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Caller body fields, then per-request settings, then the fields the adapter must control. */
export function requestBody(
  options: HttpProviderOptions,
  request: ModelRequest,
  fixed: Record<string, unknown>,
): Record<string, unknown> {
  return { model: options.model, ...options.body, ...request.settings, ...fixed };
}

/** POSTs a JSON body and yields the provider's server-sent events. */
export function postEventStream(
  url: string,
  options: HttpProviderOptions,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  signal: AbortSignal,
  /** The provider's end marker: the stream is read to its end after it, never cancelled. */
  isEndMessage: (message: SSEMessage) => boolean,
): AsyncGenerator<SSEMessage, void, undefined> {
  return streamEvents(
    url,
    {
      isEndMessage,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...options.headers },
      body: JSON.stringify(body),
      signal,
      fetch: options.fetch,
      retry: options.retry,
    },
    openWithRetries,
  );
}

/** The error for a stream that closed cleanly before the provider's end marker. */
export function endedEarly(provider: string, url: string, marker: string): TransportError {
  return new TransportError(`Connection dropped: the ${provider} stream ended before ${marker}`, 0, '', { url });
}

/**
 * The model, with `apiKey` redacted from every error it throws: an upstream 401 body or an error
 * event that quotes the key (or 8+ characters of it) never reaches a response's error event, its
 * observations, a patch stream or a log.
 */
export function redactingKey(apiKey: string | undefined, model: Model): Model {
  if (!apiKey) return model;
  return async function* keyRedactedModel(request, options) {
    try {
      yield* model(request, options);
    } catch (error) {
      // Loaded on demand (decision 0013): only a failing request needs the redactor.
      const { createSecretRedactor, redactError } = await import('../redaction/redact-secret');
      throw redactError(error, createSecretRedactor(apiKey));
    }
  };
}
