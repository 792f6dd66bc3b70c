import type { PatchStreamInput } from './patch-stream-input';
import { followWireBatches, type WireBatchOptions } from './wire-batches';
import { END_EVENT } from './wire-events';

/** Options of {@link toPatchStream}. */
export type ToPatchStreamOptions = WireBatchOptions & {
  /** Extra response headers. */
  headers?: Record<string, string>;
};

const encoder = new TextEncoder();

/**
 * A server-side response as an SSE `Response` of field patches, attempts, retries, statuses and the
 * final validated data, for `fromPatchStream` in the browser (no parsing there). Each message holds
 * the events gathered since the last read, at most one message per frame (`frameMs`), runs of deltas
 * merged; values the reader can rebuild are
 * left out, so the bytes grow linearly with the answer. Cancelling the body (the client left)
 * aborts the response.
 */
export function toPatchStream(response: PatchStreamInput, options: ToPatchStreamOptions = {}): Response {
  const batches = followWireBatches('toPatchStream', response, options);
  const body = new ReadableStream<Uint8Array>(
    {
      start() {
        response.start();
      },
      async pull(controller) {
        const batch = await batches.next();
        if (batch !== undefined) {
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(batch)}\n\n`));
          return;
        }
        controller.enqueue(encoder.encode(`event: ${END_EVENT}\ndata: {}\n\n`));
        controller.close();
      },
      cancel() {
        batches.stop();
        response.abort('The patch stream reader went away');
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      ...options.headers,
    },
  });
}
