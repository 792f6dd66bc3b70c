import { errorMessage } from '../errors/error-message';
import { FieldstreamError, TransportError } from '../errors/errors';
import { checkParseSSE } from './check-transport-input';
import { type ChunkSource, readChunks } from './read-chunks';
import { SSEDecoder } from './sse-decoder';
import type { SSEMessage } from './sse-message';

/** Options for {@link parseSSE}. */
export type ParseSSEOptions = {
  /** Stops reading (and cancels the source) when aborted; the iterator rejects with `AbortError`. */
  signal?: AbortSignal;
  /**
   * The most characters one event-stream message may hold (default 32 Mi), as in
   * `fetchEventStream`: a longer one rejects with `TransportError` code `STREAM_MESSAGE_TOO_LARGE`
   * after the events before it, and cancels the source.
   */
  maxMessageLength?: number;
};

/**
 * Parses any stream of `text/event-stream` bytes or text into events, as they complete. Bytes are
 * decoded as streaming UTF-8 (a character split across chunks is kept whole). A source that fails
 * mid-stream rejects with `TransportError` (status 0), never a silently shortened stream.
 */
export async function* parseSSE(
  source: ChunkSource<Uint8Array | string>,
  options: ParseSSEOptions = {},
): AsyncGenerator<SSEMessage, void, undefined> {
  checkParseSSE(source, options);
  yield* decodeSSE(source, options);
}

/**
 * The one way into server-sent events: chunks of a source → the incremental {@link SSEDecoder} →
 * messages. {@link parseSSE} reads any stream with it, `fetchEventStream` a response body (naming
 * its `url` in the error of a body that breaks off). No entry checks: its callers made them.
 */
export async function* decodeSSE(
  source: ChunkSource<Uint8Array | string>,
  options: ParseSSEOptions & { url?: string },
): AsyncGenerator<SSEMessage, void, undefined> {
  const decoder = new SSEDecoder({ maxMessageLength: options.maxMessageLength });
  try {
    for await (const chunk of readChunks(source, options.signal)) {
      yield* decoder.push(chunk);
      // The events before a message past the limit are handed on; then the stream fails.
      if (decoder.failure) throw decoder.failure;
    }
  } catch (error) {
    throw asStreamError(error, options.url);
  }
  yield* decoder.end();
}

/**
 * Typed errors pass through; anything else a stream throws means the stream broke: a
 * `TransportError` with status 0, naming the URL of a fetched stream.
 */
export function asStreamError(error: unknown, url?: string): FieldstreamError {
  if (error instanceof FieldstreamError) return error;
  const reason = `The event stream broke off: ${errorMessage(error)}`;
  return url === undefined
    ? new TransportError(reason, 0, '', { cause: error })
    : new TransportError(`Connection dropped mid-stream (${url}): ${reason}`, 0, '', { url, cause: error });
}
