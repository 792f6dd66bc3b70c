// Event helpers shared by every format's contract tests (docs/patch-contract.md §3).
import type { StreamingData } from '@fieldstream/core';
import { parsePath } from '@fieldstream/core';

/** Anything that streams: a format parser, `createStreamParser`, … */
export type Streaming = { push(chunk: string): StreamingData[]; finish(): StreamingData[] };

/** Pushes every chunk, then finishes; returns all events in order. */
export function streamAll(parser: Streaming, chunks: readonly string[]): StreamingData[] {
  const events: StreamingData[] = [];
  for (const chunk of chunks) for (const event of parser.push(chunk)) events.push(event);
  for (const event of parser.finish()) events.push(event);
  return events;
}

/**
 * Merges adjacent `delta` events of the same path (deltas concatenated, the later value kept):
 * the canonical form in which rule 5 says every chunking gives the same sequence.
 */
export function mergeDeltas(events: readonly StreamingData[]): StreamingData[] {
  const merged: StreamingData[] = [];
  for (const event of events) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last.event_type === 'delta' && event.event_type === 'delta' && last.path === event.path) {
      merged[merged.length - 1] = { ...last, delta: last.delta + event.delta, value: event.value };
    } else {
      merged.push({ ...event });
    }
  }
  return merged;
}

/** The `done` events' paths, in order. */
export function donePaths(events: readonly StreamingData[]): string[] {
  return events.filter((event) => event.event_type === 'done').map((event) => event.path);
}

/** The value at `path` inside `root` (own properties only), `undefined` when absent. */
export function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const segment of path === '' ? [] : parsePath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** Whether `path` lies strictly inside `ancestor` (`a.b` and `a[0]` are inside `a`; all are inside ``). */
export function isInside(path: string, ancestor: string): boolean {
  if (path.startsWith('$')) return false; // reserved channels are not part of the value tree
  if (ancestor === '') return path !== '';
  if (!path.startsWith(ancestor) || path.length === ancestor.length) return false;
  const next = path[ancestor.length];
  return next === '.' || next === '[';
}

const isScalar = (value: unknown) => value === null || typeof value === 'number' || typeof value === 'boolean';

/**
 * Every way `events` break the rules of docs/patch-contract.md §3 that one event sequence can show (rules 1–4
 * and 7). An empty list means the sequence obeys them. Rule 5 needs several chunkings: compare
 * `mergeDeltas` of each.
 */
export function contractViolations(events: readonly StreamingData[]): string[] {
  const problems: string[] = [];
  const done = new Set<string>();
  const opened = new Set<string>();
  const strings = new Map<string, string>();
  const lastIndex = new Map<string, number>();
  events.forEach((event, at) => {
    const where = `#${at} ${event.event_type} ${JSON.stringify(event.path)}`;
    // A `$status` reset record starts the data events over (the final parse chose another block).
    if (event.path === '$status' && (event.value as { type?: unknown } | null)?.type === 'reset') {
      for (const state of [done, opened, strings, lastIndex]) state.clear();
      return;
    }
    if (done.has(event.path)) problems.push(`${where}: event after the path's done`);
    for (const closed of done)
      if (isInside(event.path, closed)) problems.push(`${where}: inside ${closed}, already done`);
    if (event.is_complete !== (event.event_type === 'done')) problems.push(`${where}: is_complete mismatch`);
    checkIndexOrder(event.path, lastIndex, where, problems);
    if (event.event_type === 'done') {
      done.add(event.path);
      if (event.completion_source === undefined) problems.push(`${where}: done without completion_source`);
      if (event.delta !== '') problems.push(`${where}: done with a delta`);
      const streamed = strings.get(event.path);
      if (event.completion_source === 'observed_boundary' && streamed !== undefined && streamed !== event.value) {
        problems.push(
          `${where}: deltas concatenate to ${JSON.stringify(streamed)}, done has ${JSON.stringify(event.value)}`,
        );
      }
      return;
    }
    if (isScalar(event.value)) problems.push(`${where}: a scalar shown before its done`);
    if (typeof event.value === 'string') {
      const before = strings.get(event.path) ?? '';
      if (event.value !== before + event.delta) problems.push(`${where}: value is not the previous value + delta`);
      if (/[\uD800-\uDBFF]$/.test(event.delta)) problems.push(`${where}: delta ends inside a surrogate pair`);
      strings.set(event.path, event.value);
    } else if (event.value !== null && typeof event.value === 'object') {
      if (opened.has(event.path)) problems.push(`${where}: a second opening delta`);
      opened.add(event.path);
      const empty = Array.isArray(event.value) ? event.value.length === 0 : Object.keys(event.value).length === 0;
      if (event.delta !== '' || !empty) problems.push(`${where}: an opening delta must be '' with an empty container`);
    }
  });
  return problems;
}

/** Rule 4: the indexes of one array appear in ascending order. */
function checkIndexOrder(path: string, lastIndex: Map<string, number>, where: string, problems: string[]): void {
  for (const match of path.matchAll(/\[(\d+)\]/g)) {
    const parent = path.slice(0, match.index);
    const index = Number(match[1]);
    const last = lastIndex.get(parent) ?? -1;
    if (index < last) problems.push(`${where}: index ${index} after ${last}`);
    lastIndex.set(parent, Math.max(index, last));
  }
}
