import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import type { IndexTrail } from './index-trail';

/** Paths with more indexes than this get their `indexes` array built lazily, on first read. */
const EAGER_INDEXES = 64;
/** Shared by every event of a path without indexes (treat event indexes as read-only). */
const NO_INDEXES: number[] = [];

/** A `delta` event. */
export function deltaEvent(
  path: string,
  wildcard: string,
  trail: IndexTrail | undefined,
  delta: string,
  value: unknown,
): StreamingData {
  const event: StreamingData = {
    path,
    wildcard_path: wildcard,
    indexes: NO_INDEXES,
    delta,
    value,
    is_complete: false,
    event_type: 'delta',
  };
  return trail === undefined ? event : withIndexes(event, trail);
}

/** A `done` event. */
export function doneEvent(
  path: string,
  wildcard: string,
  trail: IndexTrail | undefined,
  value: unknown,
  source: CompletionSource,
): StreamingData {
  const event: StreamingData = {
    path,
    wildcard_path: wildcard,
    indexes: NO_INDEXES,
    delta: '',
    value,
    is_complete: true,
    event_type: 'done',
    completion_source: source,
  };
  return trail === undefined ? event : withIndexes(event, trail);
}

function withIndexes(event: StreamingData, trail: IndexTrail): StreamingData {
  if (trail.length <= EAGER_INDEXES) {
    event.indexes = trail.toArray();
    return event;
  }
  // Arrays nested this deep: one eager index array per level would cost O(depth²) in all.
  event.indexes = trail.lazyArray();
  return event;
}
