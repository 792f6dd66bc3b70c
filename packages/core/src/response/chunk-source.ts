import type { ChunkListener } from './event-log';

/**
 * The responses whose event log a store may follow chunk by chunk (`EventLog.subscribeChunks`):
 * the store then takes each pushed chunk's patches as the parser made them, with no event object
 * per patch. Kept here, not as a method, so a response's public surface stays what
 * `ResponseSource` says; any other source is followed through `subscribeBatches` or `subscribe`.
 */
const chunkSources = new WeakMap<object, (listener: ChunkListener) => () => void>();

export function offerChunks(source: object, subscribe: (listener: ChunkListener) => () => void): void {
  chunkSources.set(source, subscribe);
}

/** How to follow `source` chunk by chunk, when it is a response that offers it. */
export function chunkSubscription(source: object): ((listener: ChunkListener) => () => void) | undefined {
  return chunkSources.get(source);
}
