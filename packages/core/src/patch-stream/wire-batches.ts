import { checkFunction, checkObject, checkOptionalObject } from '../errors/check-argument';
import { coalesceDeltas } from './patch-codec';
import type { PatchStreamInput } from './patch-stream-input';
import type { WireEvent } from './wire-events';
import { metaEvent, type WireWriterOptions, writeWireEvents } from './wire-writer';

/**
 * A response's wire events in batches, one batch per `next()`: what the response emitted since the
 * last call (at least one event, waiting until there is one), runs of deltas merged; `undefined`
 * once it settled and everything was handed out. The one batching loop of `toPatchStream` (one
 * SSE message per batch) and `patchStreamMessages` (one log entry per batch).
 */
export type WireBatches = {
  next(): Promise<WireEvent[] | undefined>;
  /** Stops following the response (it keeps running). */
  stop(): void;
};

/** Checks its arguments as `where` (`toPatchStream`, `patchStreamMessages`), then follows the response. */
export function followWireBatches(where: string, response: PatchStreamInput, options: WireWriterOptions): WireBatches {
  checkObject(`${where} response`, response);
  for (const method of ['subscribe', 'observe', 'getData', 'start', 'abort'] as const)
    checkFunction(`${where} response.${method}`, response[method]);
  checkOptionalObject(`${where} options`, options);
  let queue: WireEvent[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  const stop = writeWireEvents(response, options, (event) => {
    queue.push(event);
    wake?.();
  });
  void response
    .getData()
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => metaEvent(response))
    .then((meta) => {
      if (meta !== undefined) queue.push(meta);
      settled = true;
      wake?.();
    });
  return {
    async next() {
      while (queue.length === 0 && !settled) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      // Gather what the same turn of the event loop adds, then hand it out as one batch.
      await Promise.resolve();
      if (queue.length === 0) {
        stop();
        return undefined;
      }
      const batch = coalesceDeltas(queue);
      queue = [];
      return batch;
    },
    stop,
  };
}
