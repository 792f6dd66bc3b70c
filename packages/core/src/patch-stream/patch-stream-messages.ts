import type { PatchStreamInput } from './patch-stream-input';
import { followWireBatches, type WireBatchOptions } from './wire-batches';

/**
 * The messages `toPatchStream(response)` sends, without the SSE around them: each the JSON text of
 * one batch of wire events (what the response emitted since the previous message, deltas merged),
 * in order; the iteration ends once the response settled and its last events were given. For a
 * log that keeps an answer's messages to replay them from a given point (`@fieldstream/server`'s
 * resumable answers). Starts the response. Leaving the loop early stops following it, but never
 * aborts it: the caller owns the response's life.
 */
export async function* patchStreamMessages(
  response: PatchStreamInput,
  options: WireBatchOptions = {},
): AsyncGenerator<string, void, undefined> {
  const batches = followWireBatches('patchStreamMessages', response, options);
  response.start();
  try {
    for (let batch = await batches.next(); batch !== undefined; batch = await batches.next()) {
      yield JSON.stringify(batch);
    }
  } finally {
    batches.stop();
  }
}
