import { checkFunction, checkObject, checkOptionalObject } from '../errors/check-argument';
import { coalesceDeltas } from './patch-codec';
import { END_EVENT, type WireEvent } from './wire-events';
import { type WireSource, type WireWriterOptions, writeWireEvents } from './wire-writer';

/** The part of a `createResponse` result a patch stream reads. */
export type PatchStreamInput = WireSource & {
  getData(): Promise<unknown>;
  start(): void;
  abort(reason?: string): void;
};

/** Options of {@link toPatchStream}. */
export type ToPatchStreamOptions = WireWriterOptions & {
  /** Extra response headers. */
  headers?: Record<string, string>;
};

const encoder = new TextEncoder();

/**
 * A server-side response as an SSE `Response` of field patches, attempts, retries, statuses and the
 * final validated data, for `fromPatchStream` in the browser (no parsing there). Each message holds
 * the events gathered since the last read, runs of deltas merged; values the reader can rebuild are
 * left out, so the bytes grow linearly with the answer. Cancelling the body (the client left)
 * aborts the response.
 */
export function toPatchStream(response: PatchStreamInput, options: ToPatchStreamOptions = {}): Response {
  checkObject('toPatchStream response', response);
  for (const method of ['subscribe', 'observe', 'getData', 'start', 'abort'] as const)
    checkFunction(`toPatchStream response.${method}`, response[method]);
  checkOptionalObject('toPatchStream options', options);
  let queue: WireEvent[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  const push = (event: WireEvent) => {
    queue.push(event);
    wake?.();
  };
  const stop = writeWireEvents(response, options, push);
  const finished = response.getData().then(
    () => undefined,
    () => undefined,
  );
  void finished.then(() => {
    settled = true;
    wake?.();
  });

  const body = new ReadableStream<Uint8Array>(
    {
      start() {
        response.start();
      },
      async pull(controller) {
        while (queue.length === 0 && !settled) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
        // Gather what the same turn of the event loop adds, then send it as one message.
        await Promise.resolve();
        if (queue.length > 0) {
          const batch = coalesceDeltas(queue);
          queue = [];
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(batch)}\n\n`));
          return;
        }
        stop();
        controller.enqueue(encoder.encode(`event: ${END_EVENT}\ndata: {}\n\n`));
        controller.close();
      },
      cancel() {
        stop();
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
