// Hand-built StreamingData events, shaped like a format parser's output (docs/patch-contract.md §1).
import type { CompletionSource, StreamingData } from '@fieldstream/core';
import { wildcardOf } from '../../src/patch/path';

function indexesOf(path: string): number[] {
  return [...path.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
}

/** One event at `path`: a delta, or (with `done`) the path's `done` from `source`. */
export function streamingData(
  path: string,
  value: unknown,
  delta: string,
  done: boolean,
  source: CompletionSource = 'observed_boundary',
): StreamingData {
  return {
    path,
    wildcard_path: wildcardOf(path),
    indexes: indexesOf(path),
    delta,
    value,
    is_complete: done,
    event_type: done ? 'done' : 'delta',
    ...(done ? { completion_source: source } : {}),
  };
}

/** A string field growing `chunk` characters at a time, then its `done`. */
export function streamText(path: string, text: string, chunk = 4, source?: CompletionSource): StreamingData[] {
  const events: StreamingData[] = [];
  for (let i = 0; i < text.length; i += chunk) {
    events.push(streamingData(path, text.slice(0, i + chunk), text.slice(i, i + chunk), false));
  }
  events.push(streamingData(path, text, '', true, source));
  return events;
}

/** A string field's deltas only (no `done`): still streaming. */
export function partialText(path: string, text: string, chunk = 4): StreamingData[] {
  return streamText(path, text, chunk).slice(0, -1);
}

/** An atomic scalar: one `done`. */
export function scalar(path: string, value: unknown, source?: CompletionSource): StreamingData {
  return streamingData(path, value, '', true, source);
}

/** A container's opening delta with an empty value. */
export function open(path: string, kind: 'object' | 'array'): StreamingData {
  return streamingData(path, kind === 'array' ? [] : {}, '', false);
}

/** A container's `done` with its whole value. */
export function close(path: string, value: unknown, source?: CompletionSource): StreamingData {
  return streamingData(path, value, '', true, source);
}
