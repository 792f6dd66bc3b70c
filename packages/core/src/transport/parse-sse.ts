import { checkObject, checkOptionalSignal } from '../errors/check-argument';
import { errorMessage } from '../errors/error-message';
import { FieldstreamError, TransportError } from '../errors/errors';
import { checkChunkSource } from './check-transport-input';
import { type ChunkSource, readChunks } from './read-chunks';
import { SSEDecoder } from './sse-decoder';
import type { SSEMessage } from './sse-message';

/** Options for {@link parseSSE}. */
export type ParseSSEOptions = {
  /** Stops reading (and cancels the source) when aborted; the iterator rejects with `AbortError`. */
  signal?: AbortSignal;
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
  checkChunkSource('parseSSE stream', source);
  checkObject('parseSSE options', options);
  checkOptionalSignal('parseSSE options.signal', options.signal);
  yield* decodeSSE(source, options.signal);
}

/** {@link parseSSE} without its entry checks: `fetchEventStream` reads a response body with it. */
export async function* decodeSSE(
  source: ChunkSource<Uint8Array | string>,
  signal: AbortSignal | undefined,
  maxMessageLength?: number,
): AsyncGenerator<SSEMessage, void, undefined> {
  const decoder = new SSEDecoder({ maxMessageLength });
  try {
    for await (const chunk of readChunks(source, signal)) {
      yield* decoder.push(chunk);
      // The events before a message past the limit are handed on; then the stream fails.
      if (decoder.failure) throw decoder.failure;
    }
  } catch (error) {
    throw asStreamError(error);
  }
  yield* decoder.end();
}

/** Typed errors pass through; anything else a stream throws means the stream broke. */
export function asStreamError(error: unknown): FieldstreamError {
  if (error instanceof FieldstreamError) return error;
  const reason = errorMessage(error);
  return new TransportError(`The event stream broke off: ${reason}`, 0, '', { cause: error });
}
