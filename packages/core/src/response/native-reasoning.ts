import { REASONING_PATH, type StreamingData } from '../patch/streaming-data';

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
    return reasoningEvent(delta, this.#value, false);
  }

  /** The `done` event, once, if any reasoning arrived. */
  close(): StreamingData | undefined {
    if (!this.#open) return undefined;
    this.#open = false;
    return reasoningEvent('', this.#value, true);
  }

  get value(): string {
    return this.#value;
  }
}

function reasoningEvent(delta: string, value: string, done: boolean): StreamingData {
  const event: StreamingData = {
    path: REASONING_PATH,
    wildcard_path: REASONING_PATH,
    indexes: [],
    delta,
    value,
    is_complete: done,
    event_type: done ? 'done' : 'delta',
  };
  if (done) event.completion_source = 'observed_boundary';
  return event;
}
