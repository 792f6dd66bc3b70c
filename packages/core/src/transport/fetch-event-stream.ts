import { errorMessage } from '../errors/error-message';
import { TransportError } from '../errors/errors';
import { onAbort, sleep, throwIfAborted, toAbortError } from './abort';
import { checkFetchEventStream } from './check-transport-input';
import { decodeSSE } from './parse-sse';
import { readChunks } from './read-chunks';
import { isTransientFailure, type RetryOptions, retryDelay } from './retry-policy';
import type { SSEMessage } from './sse-message';

/** Options for {@link fetchEventStream}. */
export type FetchEventStreamOptions = {
  /** The HTTP method. Default: `'POST'` when a `body` is given, else `'GET'`. */
  method?: string;
  /** Request headers. `Accept: text/event-stream` is added unless given. */
  headers?: Record<string, string>;
  /** The request body (a JSON string for the provider APIs). Must be re-sendable if `retry` is set. */
  body?: string | Blob | ArrayBuffer | FormData | URLSearchParams;
  /** Aborting rejects the iterator with `AbortError` and closes the connection. */
  signal?: AbortSignal;
  /** The fetch to use (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** Opt-in retries of opening the stream. Default: none (nothing is ever re-sent). */
  retry?: RetryOptions;
  /**
   * Recognises the message that ends the stream normally (e.g. `data: [DONE]`). When given, the
   * iterator ends after that message, and a stream that closes before it rejects with
   * `TransportError` status 0: a truncated generation is never reported as a success.
   */
  isEndMessage?: (message: SSEMessage) => boolean;
  /**
   * The most characters one event-stream message may hold (default 32 Mi): its `data:` lines whole
   * and the line being read, line ends not counted, however the network cuts them. A longer one
   * rejects with `TransportError` code `STREAM_MESSAGE_TOO_LARGE` after the events before it, and
   * closes the connection.
   */
  maxMessageLength?: number;
  /** Other fetch settings (`credentials`, `mode`, `cache`, `keepalive`, …). */
  init?: Omit<RequestInit, 'method' | 'headers' | 'body' | 'signal'>;
};

/** The longest error body kept on a `TransportError`. */
const MAX_ERROR_BODY = 64 * 1024;

/**
 * Requests `url` and yields its server-sent events as they arrive. Needs only `fetch`, streams
 * and `TextDecoder`: no `window` or `document`, so it runs in browsers, Web Workers and Node.
 *
 * Unlike `EventSource` and fetch-event-source it never reconnects or re-sends on its own (not on
 * errors, not when a tab is hidden and shown again): see {@link RetryOptions} to opt in.
 * A non-2xx status or a content type other than `text/event-stream` rejects with
 * `TransportError` carrying the status and body; a connection lost mid-stream rejects with
 * `TransportError` status 0; aborting rejects with `AbortError` and closes the connection, as
 * does leaving a `for await` loop early.
 */
export async function* fetchEventStream(
  url: string | URL,
  options: FetchEventStreamOptions = {},
): AsyncGenerator<SSEMessage, void, undefined> {
  checkFetchEventStream(url, options);
  const { isEndMessage, signal } = options;
  const target = String(url);
  if (!isEndMessage) return yield* streamEvents(target, options, openWithRetries);
  let ended = false;
  try {
    const ending = { ...options, isEndMessage: (m: SSEMessage) => (ended = isEndMessage(m)) };
    for await (const message of streamEvents(target, ending, openWithRetries)) {
      yield message;
      if (ended) return;
    }
    throw endedBeforeEndMarker(target);
  } catch (error) {
    throw streamError(error, signal);
  }
}

/** What a stream that closed before its end marker rejects with: a dropped connection (status 0). */
export function endedBeforeEndMarker(target: string): TransportError {
  return new TransportError(`Connection dropped: the stream from ${target} ended before its end marker`, 0, '', {
    url: target,
  });
}

/** How long the rest of a body is read after its end marker before the connection is closed. */
const DRAIN_AFTER_END_MS = 250;
/** How many more messages the rest of a body may hold after its end marker. */
const DRAIN_AFTER_END_MESSAGES = 16;

/**
 * Reads what follows the end marker (usually nothing: the server closes the body) so that a
 * finished stream ends as the server ended it, not with a client-side cancel the browser logs as
 * `net::ERR_ABORTED`. Bounded in time and messages; whatever is left is closed then.
 */
async function drainAfterEnd(
  events: AsyncGenerator<SSEMessage, void, undefined>,
  stop: AbortController,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_AFTER_END_MS);
  });
  try {
    for (let count = 0; count < DRAIN_AFTER_END_MESSAGES; count++) {
      const step = await Promise.race([events.next(), late]);
      if (step === 'late') break;
      if (step.done === true) return;
    }
    stop.abort();
    await events.next().catch(() => undefined);
  } catch {
    // The stream's end marker was seen: a failure after it changes nothing.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How {@link streamEvents} opens its stream: once ({@link openOnce}), or retrying a failure to open
 * as `options.retry` says ({@link openWithRetries}). A reader that never retries (fromPatchStream,
 * which reconnects on its own) passes `openOnce`, so its bundle leaves the retry loop out.
 */
export type StreamOpener = (url: string, options: FetchEventStreamOptions, signal: AbortSignal) => Promise<Response>;

/**
 * {@link fetchEventStream} without its entry checks, and without the error for a stream that ends
 * before its end marker (`isEndMessage` only ends it cleanly): for the HTTP providers and
 * fromPatchStream, whose options are checked when they are made and whose request they build themselves.
 */
export async function* streamEvents(
  target: string,
  options: FetchEventStreamOptions,
  open: StreamOpener,
): AsyncGenerator<SSEMessage, void, undefined> {
  const { signal } = options;
  throwIfAborted(signal);
  const connection = new AbortController();
  const stopForwarding = onAbort(signal, () => connection.abort(signal?.reason));
  try {
    const response = await open(target, options, connection.signal);
    if (!response.body) return;
    const messages = decodeSSE(response.body, {
      signal: connection.signal,
      maxMessageLength: options.maxMessageLength,
      url: target,
    });
    for await (const message of messages) {
      let end = false;
      try {
        end = options.isEndMessage?.(message) === true;
      } catch (error) {
        yield message;
        throw error;
      }
      // The rest of the body is read before the end marker is handed on: a consumer stops there.
      if (end) await drainAfterEnd(messages, connection);
      yield message;
      if (end) return;
    }
  } catch (error) {
    throw streamError(error, signal);
  } finally {
    stopForwarding();
    // Closes the connection when the consumer stopped early; a no-op once the body was read.
    connection.abort();
  }
}

/** What a stream rejects with once `signal` aborted: `AbortError`, whatever broke on the way. */
function streamError(error: unknown, signal: AbortSignal | undefined): unknown {
  return signal?.aborted ? toAbortError(signal) : error;
}

/** Opens the stream once: a failure to open rejects. */
export async function openOnce(url: string, options: FetchEventStreamOptions, signal: AbortSignal): Promise<Response> {
  const opened = await openAttempt(url, options, signal);
  if (Array.isArray(opened)) throw opened[0];
  return opened;
}

/** Opens the stream, retrying a failure to open as `options.retry` says (none without it). */
export async function openWithRetries(
  url: string,
  options: FetchEventStreamOptions,
  signal: AbortSignal,
): Promise<Response> {
  for (let retry = 1; ; retry++) {
    const opened = await openAttempt(url, options, signal);
    if (!Array.isArray(opened)) return opened;
    const [error, headers] = opened;
    const policy = options.retry;
    if (!policy || retry > policy.attempts || !(policy.shouldRetry ?? isTransientFailure)(error)) throw error;
    await sleep(retryDelay(policy, retry, error, headers), signal);
  }
}

/** A failure to open the stream (retried by the policy), with the response headers (for `Retry-After`). */
type OpenFailure = [error: TransportError, headers?: Headers];

/** The response, or why it cannot be read as an event stream. Aborts and other errors are thrown. */
async function openAttempt(
  url: string,
  options: FetchEventStreamOptions,
  signal: AbortSignal,
): Promise<Response | OpenFailure> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = { ...options.headers };
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept')) headers.accept = 'text/event-stream';
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...options.init,
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = errorMessage(error);
    return [new TransportError(`Request to ${url} failed: ${reason}`, 0, '', { url, cause: error })];
  }
  if (!response.ok) {
    const body = await readErrorBody(response, signal);
    return [
      new TransportError(`HTTP ${response.status} ${response.statusText} from ${url}`, response.status, body, {
        url,
        retryAfter: response.headers.get('retry-after') ?? undefined,
      }),
      response.headers,
    ];
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'text/event-stream') {
    const body = await readErrorBody(response, signal);
    return [
      new TransportError(
        `Expected text/event-stream from ${url}, got ${contentType === '' ? 'no content type' : contentType}`,
        response.status,
        body,
        { url },
      ),
      response.headers,
    ];
  }
  return response;
}

/** Reads at most {@link MAX_ERROR_BODY} characters of a body, then lets the connection go. */
async function readErrorBody(response: Response, signal: AbortSignal): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  try {
    if (response.body) {
      // Leaving the loop early cancels the body (readChunks releases its source).
      for await (const chunk of readChunks(response.body, signal)) {
        text += decoder.decode(chunk, { stream: true });
        if (text.length >= MAX_ERROR_BODY) return text.slice(0, MAX_ERROR_BODY);
      }
    }
    return text + decoder.decode();
  } catch (error) {
    if (signal.aborted) throw error;
    return text;
  }
}
