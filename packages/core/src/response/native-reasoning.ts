import type { StreamingData } from '../patch/streaming-data';
import { reasoningEvent } from '../reasoning/reasoning-event';

/**
 * Turns a provider's separate reasoning deltas (`{ type: 'reasoning' }` model events) into
 * `$reasoning` patches: a delta per chunk with the accumulated value, one `done` when the
 * answer starts or the stream ends.
 */
export class NativeReasoning {
  #value = '';
  #open = false;

  delta(delta: string): StreamingData | undefined {
    if (delta === '') return undefined;
    this.#open = true;
    this.#value += delta;
    return reasoningEvent(delta, this.#value);
  }

  /** The `done` event, once, if any reasoning arrived. */
  close(): StreamingData | undefined {
    if (!this.#open) return undefined;
    this.#open = false;
    return reasoningEvent('', this.#value, 'observed_boundary');
  }
}
