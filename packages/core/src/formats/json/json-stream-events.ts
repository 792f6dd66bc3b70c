import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import type { IndexTrail } from './index-trail';

/** Paths with more indexes than this get their `indexes` array built lazily, on first read. */
const EAGER_INDEXES = 64;
const NO_INDEXES: number[] = [];

/** Where a value sits: its path, wildcard path and indexes (shared by all of its events). */
export type ValuePlace = {
  readonly path: string;
  readonly wildcard: string;
  readonly trail: IndexTrail | undefined;
};

/** A `delta` event at `place`. */
export function deltaEvent(place: ValuePlace, delta: string, value: unknown): StreamingData {
  return withIndexes(
    {
      path: place.path,
      wildcard_path: place.wildcard,
      indexes: NO_INDEXES,
      delta,
      value,
      is_complete: false,
      event_type: 'delta',
    },
    place.trail,
  );
}

/** The `done` event at `place`. */
export function doneEvent(place: ValuePlace, value: unknown, source: CompletionSource): StreamingData {
  return withIndexes(
    {
      path: place.path,
      wildcard_path: place.wildcard,
      indexes: NO_INDEXES,
      delta: '',
      value,
      is_complete: true,
      event_type: 'done',
      completion_source: source,
    },
    place.trail,
  );
}

function withIndexes(event: StreamingData, trail: IndexTrail | undefined): StreamingData {
  if (trail === undefined) return event;
  if (trail.length <= EAGER_INDEXES) {
    event.indexes = trail.toArray();
    return event;
  }
  // A very deep path: materialising its indexes eagerly would cost O(depth) per value.
  Object.defineProperty(event, 'indexes', { get: () => trail.toArray(), enumerable: true, configurable: true });
  return event;
}
