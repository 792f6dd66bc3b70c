import type { ChunkEvent, ResponseEvent, ResponseSource } from '@fieldstream/core';
import type { ChunkListener } from '../../src/response/event-log';

/** A source that hands chunks and event batches to one chunk listener, as a response does. */
export function chunkSource() {
  let listener: ChunkListener | undefined;
  const source = {
    subscribe: () => () => {},
    subscribeChunks(chunks: ChunkListener) {
      listener = chunks;
      return () => {
        listener = undefined;
      };
    },
  };
  const send = (input: ChunkEvent | ResponseEvent[]): void => {
    if (Array.isArray(input)) listener?.events(input);
    else listener?.patches(input);
  };
  return { source: source as unknown as ResponseSource, send };
}
