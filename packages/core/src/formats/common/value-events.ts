import { DepthLimitError } from '../../errors/errors';
import { appendSegment, formatPath, type PathSegment, wildcardOf } from '../../patch/path';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';

/** One event for `path` (a `done` when `source` is given); `wildcard` saves recomputing `wildcardOf(path)`. */
export function pathEvent(
  path: string,
  indexes: number[],
  delta: string,
  value: unknown,
  source?: CompletionSource,
  wildcard: string = wildcardOf(path),
): StreamingData {
  const event: StreamingData = {
    path,
    wildcard_path: wildcard,
    indexes,
    delta,
    value,
    is_complete: source !== undefined,
    event_type: source === undefined ? 'delta' : 'done',
  };
  if (source !== undefined) event.completion_source = source;
  return event;
}

type Frame = {
  path: string;
  indexes: number[];
  value: unknown;
  /** Container nesting depth of `value` (the answer's top-level mapping is 1). */
  depth: number;
  keys: readonly PathSegment[] | undefined;
  next: number;
};

/**
 * The events of an already complete value at `segments`, as an incremental parser would emit
 * them for the same data: a container opens with an empty `delta`, its children follow in order,
 * and its `done` (with the whole sub-value) comes after theirs; a string gets one delta with its
 * whole text, then `done`; other scalars only `done`. Iterative, so depth costs no stack.
 * Throws a `DepthLimitError` when containers nest deeper than `maxDepth`.
 */
export function valueEvents(
  segments: readonly PathSegment[],
  value: unknown,
  source: CompletionSource,
  maxDepth: number = Number.POSITIVE_INFINITY,
): StreamingData[] {
  const events: StreamingData[] = [];
  const rootIndexes = segments.filter((segment): segment is number => typeof segment === 'number');
  const stack: Frame[] = [
    { path: formatPath(segments), indexes: rootIndexes, value, depth: segments.length + 1, keys: undefined, next: 0 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.keys === undefined) {
      const node = frame.value;
      if (node === null || typeof node !== 'object') {
        if (typeof node === 'string' && node !== '') events.push(pathEvent(frame.path, frame.indexes, node, node));
        events.push(pathEvent(frame.path, frame.indexes, '', node, source));
        stack.pop();
        continue;
      }
      if (frame.depth > maxDepth) throw new DepthLimitError(maxDepth, frame.path);
      const isArray = Array.isArray(node);
      frame.keys = isArray ? Array.from({ length: node.length }, (_, i) => i) : Object.keys(node);
      events.push(pathEvent(frame.path, frame.indexes, '', isArray ? [] : {}));
    }
    if (frame.next < frame.keys.length) {
      const key = frame.keys[frame.next++] as PathSegment;
      const container = frame.value as Record<string | number, unknown>;
      stack.push({
        path: appendSegment(frame.path, key),
        indexes: typeof key === 'number' ? [...frame.indexes, key] : frame.indexes,
        value: container[key],
        depth: frame.depth + 1,
        keys: undefined,
        next: 0,
      });
      continue;
    }
    events.push(pathEvent(frame.path, frame.indexes, '', frame.value, source));
    stack.pop();
  }
  return events;
}

/** Throws a `DepthLimitError` when containers in `value` nest deeper than `maxDepth` (iterative). */
export function assertMaxDepth(value: unknown, maxDepth: number): void {
  type Entry = { node: unknown; depth: number; parent: Entry | undefined; key: PathSegment };
  const stack: Entry[] = [{ node: value, depth: 1, parent: undefined, key: '' }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const { node, depth } = entry;
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) {
      // Only now build the path (parent links keep the walk linear).
      const segments: PathSegment[] = [];
      for (let at: Entry | undefined = entry; at?.parent !== undefined; at = at.parent) segments.push(at.key);
      throw new DepthLimitError(maxDepth, formatPath(segments.reverse()));
    }
    const children: [PathSegment, unknown][] = Array.isArray(node)
      ? node.map((child, i): [PathSegment, unknown] => [i, child])
      : Object.entries(node);
    for (const [key, child] of children) stack.push({ node: child, depth: depth + 1, parent: entry, key });
  }
}
