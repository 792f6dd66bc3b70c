import { abortable } from './abort';

/** Anything a stream of chunks can come from. */
export type ChunkSource<T> = ReadableStream<T> | AsyncIterable<T>;

/**
 * Iterates the chunks of a ReadableStream (through a reader, so older browsers without async
 * iteration of streams work) or an AsyncIterable. Honours `signal` between and during reads, and
 * releases the source (cancel / return) when the consumer stops early or aborts.
 */
export async function* readChunks<T>(source: ChunkSource<T>, signal?: AbortSignal): AsyncGenerator<T> {
  const iterator = isReadableStream(source) ? readerIterator(source.getReader()) : source[Symbol.asyncIterator]();
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
    // Releasing the source tells the producer (for a fetch body: the connection) that nobody will read on.
    if (!finished) iterator.return?.()?.catch(() => {});
  }
}

/** A stream's reader as an iterator: `return` cancels the stream. */
function readerIterator<T>(reader: ReadableStreamDefaultReader<T>): AsyncIterator<T> {
  return {
    // A finished read is `{ done: true, value: undefined }`: an iterator's return result.
    next: () => reader.read() as Promise<IteratorResult<T>>,
    return: () => reader.cancel().then(() => ({ done: true, value: undefined })),
  };
}

function isReadableStream<T>(source: ChunkSource<T>): source is ReadableStream<T> {
  return typeof (source as ReadableStream<T>).getReader === 'function';
}
