import { type CompletionSource, REASONING_PATH, type StreamingData } from '../patch/streaming-data';

/** A `$reasoning` event: a delta with the text so far, or (given `source`) the channel's `done`. */
export function reasoningEvent(delta: string, value: string, source?: CompletionSource): StreamingData {
  const event: StreamingData = {
    path: REASONING_PATH,
    wildcard_path: REASONING_PATH,
    indexes: [],
    delta,
    value,
    is_complete: source !== undefined,
    event_type: source === undefined ? 'delta' : 'done',
  };
  if (source !== undefined) event.completion_source = source;
  return event;
}
