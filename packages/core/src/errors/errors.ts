/** Base class of every error Fieldstream throws on purpose. `code` is stable for programs. */
export class FieldstreamError extends Error {
  override name = 'FieldstreamError';
  // `declare`: the constructor assigns these (same property order), no separate field definitions.
  /** A stable, machine-readable code. */
  declare readonly code: string;
  /** The raw model text the error is about, when there is one. */
  declare readonly rawText: string | undefined;
  /** The 0-based attempt the error happened in, when inside a response. */
  declare readonly attempt: number | undefined;
  constructor(code: string, message: string, options: FieldstreamErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.rawText = options.rawText;
    this.attempt = options.attempt;
  }
}

export type FieldstreamErrorOptions = { rawText?: string; attempt?: number; cause?: unknown };

/** A schema given to `defineOutput` is malformed; `path` names the offending node. */
export class SchemaError extends FieldstreamError {
  override name = 'SchemaError';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super('SCHEMA_INVALID', `Invalid output schema at ${path === '' ? '(root)' : path}: ${reason}`);
  }
}

/** Nothing usable could be recovered from the model's text. Keeps the raw text. */
export class OutputParseError extends FieldstreamError {
  override name = 'OutputParseError';
  constructor(
    readonly format: string,
    reason: string,
    options: FieldstreamErrorOptions & { rawText: string },
  ) {
    super('OUTPUT_PARSE_FAILED', `Could not parse the ${format} output: ${reason}`, options);
  }
}

/** The stream nested deeper than the parser's `maxDepth`. */
export class DepthLimitError extends FieldstreamError {
  override name = 'DepthLimitError';
  constructor(
    readonly maxDepth: number,
    readonly path: string,
  ) {
    super('DEPTH_LIMIT', `Nesting deeper than maxDepth (${maxDepth}) at ${path || '(root)'}`);
  }
}

/** An HTTP request failed: non-2xx, wrong content type, or the connection dropped. */
export class TransportError extends FieldstreamError {
  override name = 'TransportError';
  constructor(
    message: string,
    /** The HTTP status, or 0 when no response arrived / the connection dropped mid-stream. */
    readonly status: number,
    /** The response body (truncated to 64 KB), when one was read. */
    readonly body: string,
    options: FieldstreamErrorOptions & {
      url?: string;
      retryAfter?: string;
      /** `STREAM_MESSAGE_TOO_LARGE`: an event-stream message went past its reader's limit (never retried). */
      code?: 'STREAM_MESSAGE_TOO_LARGE';
    } = {},
  ) {
    super(options.code ?? (status === 0 ? 'TRANSPORT_FAILED' : `HTTP_${status}`), message, options);
    this.url = options.url;
    this.retryAfter = options.retryAfter;
  }
  declare readonly url: string | undefined;
  /** The response's `Retry-After` header (seconds or an HTTP date), when it sent one. */
  declare readonly retryAfter: string | undefined;
}

/** The provider reported an error inside an otherwise healthy stream (rate limit, overload, …). */
export class ProviderError extends FieldstreamError {
  override name = 'ProviderError';
  constructor(
    readonly provider: string,
    /** The provider's own error type or code, e.g. `overloaded_error`, `rate_limit_exceeded`. */
    readonly providerCode: string,
    message: string,
    options: FieldstreamErrorOptions = {},
  ) {
    super('PROVIDER_ERROR', `${provider}: ${message}`, options);
  }
}

/**
 * The caller aborted. `name` is `'AbortError'` like the platform's DOMException, so code that
 * checks `error.name === 'AbortError'` keeps working.
 */
export class AbortError extends FieldstreamError {
  override name = 'AbortError';
  constructor(message = 'The operation was aborted', options: FieldstreamErrorOptions = {}) {
    super('ABORTED', message, options);
  }
}
