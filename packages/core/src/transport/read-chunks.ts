import { abortable } from './abort';

/** Anything a stream of chunks can come from. */
export type ChunkSource<T> = ReadableStream<T> | AsyncIterable<T>;

/**
 * Iterates the chunks of a ReadableStream (through a reader, so older browsers without async
 * iteration of streams work) or an AsyncIterable. Honours `signal` between and during reads, and
 * releases the source (cancel / return) when the consumer stops early or aborts.
 */
export async function* readChunks<T>(source: ChunkSource<T>, signal?: AbortSignal): AsyncGenerator<T> {
  if (isReadableStream(source)) {
    const reader = source.getReader();
    let finished = false;
    try {
      while (true) {
        const result = await abortable(reader.read(), signal);
        if (result.done) {
          finished = true;
          return;
        }
        yield result.value;
      }
    } finally {
      // Cancelling tells the producer (for a fetch body: the connection) that nobody will read on.
      if (!finished) reader.cancel().catch(() => {});
    }
  }
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    while (true) {
      const result = await abortable(iterator.next(), signal);
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    if (!finished) iterator.return?.()?.catch(() => {});
  }
}

function isReadableStream<T>(source: ChunkSource<T>): source is ReadableStream<T> {
  return typeof (source as ReadableStream<T>).getReader === 'function';
}
