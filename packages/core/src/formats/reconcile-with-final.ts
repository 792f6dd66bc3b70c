import { readOwn } from '../patch/apply-patch';
import { appendSegment } from '../patch/path';
import type { CompletionSource, StreamingData } from '../patch/streaming-data';

type Pending = {
  value: unknown;
  path: string;
  wildcard: string;
  indexes: number[];
  /** Child keys (objects) or `undefined` for arrays and scalars. */
  keys: string[] | undefined;
  /** The next child to visit. */
  next: number;
  /** Number of children. */
  size: number;
};

/**
 * `done` events for the paths of `finalValue` that the stream never completed, in post-order
 * (children before their container, in key / index order). A subtree whose root is in `done` is
 * skipped whole: its `done` already carried the sub-value. Iterative, so depth is no limit.
 */
export function reconcileWithFinal(
  finalValue: unknown,
  done: ReadonlySet<string>,
  source: CompletionSource,
): StreamingData[] {
  const events: StreamingData[] = [];
  if (done.has('')) return events;
  const stack: Pending[] = [pending(finalValue, '', '', [])];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Pending;
    if (top.next < top.size) {
      const index = top.next++;
      const key = top.keys === undefined ? index : (top.keys[index] as string);
      const path = appendSegment(top.path, key);
      if (done.has(path)) continue;
      const isIndex = typeof key === 'number';
      stack.push(
        pending(
          readOwn(top.value, key),
          path,
          isIndex ? `${top.wildcard}[*]` : appendSegment(top.wildcard, key),
          isIndex ? [...top.indexes, index] : top.indexes,
        ),
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

function pending(value: unknown, path: string, wildcard: string, indexes: number[]): Pending {
  if (Array.isArray(value)) return { value, path, wildcard, indexes, keys: undefined, next: 0, size: value.length };
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    return { value, path, wildcard, indexes, keys, next: 0, size: keys.length };
  }
  return { value, path, wildcard, indexes, keys: undefined, next: 0, size: 0 };
}
