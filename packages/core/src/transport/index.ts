// Barrel for transport/; the package index re-exports it.
export type { FetchEventStreamOptions } from './fetch-event-stream';
export { fetchEventStream } from './fetch-event-stream';
export type { ParseSSEOptions } from './parse-sse';
export { parseSSE } from './parse-sse';
export type { ChunkSource } from './read-chunks';
export type { RetryOptions } from './retry-policy';
export { isTransientFailure } from './retry-policy';
export { SSEDecoder } from './sse-decoder';
export type { SSEMessage } from './sse-message';
