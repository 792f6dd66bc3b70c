import { readOwn } from '../patch/apply-patch';
import { appendSegment } from '../patch/path';
import type { CompletionSource, StreamingData } from '../patch/streaming-data';

/** Where a subtree sits: the path, wildcard path and indexes of its root. */
export type SubtreePlace = { path: string; wildcard: string; indexes: number[] };

const ROOT: SubtreePlace = { path: '', wildcard: '', indexes: [] };

type Pending = SubtreePlace & {
  value: unknown;
  /** Child keys (objects); `undefined` for arrays and scalars. */
  keys: string[] | undefined;
  /** The next child to visit, and how many there are. */
  next: number;
  size: number;
};

/**
 * `done` events for the paths of `finalValue` that the stream never completed, in post-order
 * (children before their container, in key / index order). A subtree whose root is in `done` is
 * skipped whole: its `done` already carried the sub-value.
 */
export function reconcileWithFinal(
  finalValue: unknown,
  done: ReadonlySet<string>,
  source: CompletionSource,
): StreamingData[] {
  return subtreeDoneEvents(finalValue, ROOT, source, (path) => done.has(path));
}

/**
 * `done` events for every path of `value` placed at `place`, in post-order, skipping the
 * subtrees for which `skip(path)` is true. Iterative, so depth is no limit.
 */
export function subtreeDoneEvents(
  value: unknown,
  place: SubtreePlace,
  source: CompletionSource,
  skip: (path: string) => boolean = () => false,
): StreamingData[] {
  const events: StreamingData[] = [];
  if (skip(place.path)) return events;
  const stack: Pending[] = [pending(value, place)];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Pending;
    if (top.next < top.size) {
      const index = top.next++;
      const key = top.keys === undefined ? index : (top.keys[index] as string);
      const path = appendSegment(top.path, key);
      if (skip(path)) continue;
      const isIndex = typeof key === 'number';
      stack.push(
        pending(readOwn(top.value, key), {
          path,
          wildcard: isIndex ? `${top.wildcard}[*]` : appendSegment(top.wildcard, key),
          indexes: isIndex ? [...top.indexes, index] : top.indexes,
        }),
      );
      continue;
    }
    stack.pop();
    events.push({
      path: top.path,
      wildcard_path: top.wildcard,
      indexes: top.indexes,
      delta: '',
      value: top.value,
      is_complete: true,
      event_type: 'done',
      completion_source: source,
    });
  }
  return events;
}

function pending(value: unknown, place: SubtreePlace): Pending {
  const { path, wildcard, indexes } = place;
  if (Array.isArray(value)) return { value, path, wildcard, indexes, keys: undefined, next: 0, size: value.length };
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    return { value, path, wildcard, indexes, keys, next: 0, size: keys.length };
  }
  return { value, path, wildcard, indexes, keys: undefined, next: 0, size: 0 };
}
