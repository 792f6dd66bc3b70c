import { checkFunction, checkObject, checkOptionalObject } from '../errors/check-argument';
import type { ObservationEvent } from '../response/observation-events';
import type { ResponseEvent } from '../response/response-events';
import { coalesceDeltas, PatchEncoder } from './patch-codec';
import { END_EVENT, type WireEvent } from './wire-events';

/** The part of a `createResponse` result a patch stream reads. */
export type PatchStreamInput = {
  subscribe(listener: (event: ResponseEvent) => void): () => void;
  observe(listener: (event: ObservationEvent) => void): () => void;
  getData(): Promise<unknown>;
  start(): void;
  abort(reason?: string): void;
};

/** Options of {@link toPatchStream}. */
export type ToPatchStreamOptions = {
  /** Also send the raw answer text (`deltas()`); off by default, since the patches already carry it. */
  text?: boolean;
  /** Also send the observation log (`events`), without prompts and answer texts. Default true. */
  observations?: boolean;
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
  const patches = new PatchEncoder();
  let queue: WireEvent[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  const push = (event: WireEvent) => {
    queue.push(event);
    wake?.();
  };
  const unsubscribe = response.subscribe((event) => {
    if (event.type !== 'text' || options.text === true) push(patches.encode(event));
  });
  const unobserve =
    options.observations === false ? () => undefined : response.observe((event) => push(patches.observation(event)));
  const finished = response.getData().then(
    () => undefined,
    () => undefined,
  );
  void finished.then(() => {
    settled = true;
    wake?.();
  });
  const stop = () => {
    unsubscribe();
    unobserve();
  };

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
