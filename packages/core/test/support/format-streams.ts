// Streaming a format's text through `createStreamParser`, and the checks every chunking must pass:
// shared by the format suites (hybrid, flat_markdown, xml_field, yaml_literal, format independence).
import {
  createStreamParser,
  type FormatName,
  type OutputDefinition,
  parseOutput,
  type StreamingData,
} from '@fieldstream/core';
import { expect } from 'vitest';
import { standardChunkings } from './chunkings';
import { contractViolations, mergeDeltas, streamAll } from './events';

/** One event as a short tuple: `[type, path, delta, value]`, plus the completion source on `done`. */
export type CompactEvent = [string, string, string, unknown] | [string, string, string, unknown, string];

export function compact(events: readonly StreamingData[]): CompactEvent[] {
  return events.map((event) =>
    event.event_type === 'done'
      ? ['done', event.path, event.delta, event.value, event.completion_source ?? 'missing']
      : ['delta', event.path, event.delta, event.value],
  );
}

/** What one run of {@link streamChunks} gives. */
export type StreamRun = {
  events: StreamingData[];
  /** The parser's snapshot after the last chunk, before `finish`: what the stream alone built. */
  streamed: unknown;
  /** The snapshot after `finish`: the final value when the answer parsed. */
  snapshot: unknown;
};

/** Streams `chunks` through `createStreamParser`, then finishes. */
export function streamChunks(
  format: FormatName,
  output: OutputDefinition | undefined,
  chunks: readonly string[],
): StreamRun {
  const parser = createStreamParser({ format, output });
  const events: StreamingData[] = [];
  for (const chunk of chunks) for (const event of parser.push(chunk)) events.push(event);
  const streamed = parser.snapshot();
  for (const event of parser.finish()) events.push(event);
  return { events, streamed, snapshot: parser.snapshot() };
}

/** The merged events of a whole text, in compact form. */
export function mergedEvents(format: FormatName, output: OutputDefinition | undefined, text: string): CompactEvent[] {
  return compact(mergeDeltas(streamChunks(format, output, [text]).events));
}

/** The concatenated deltas of every path that had string deltas. */
export function concatenatedDeltas(events: readonly StreamingData[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const event of events) {
    if (event.event_type === 'delta' && typeof event.value === 'string') {
      texts.set(event.path, (texts.get(event.path) ?? '') + event.delta);
    }
  }
  return texts;
}

/**
 * Streams `text` whole, one character at a time and under `count` seeded random chunkings, and
 * checks that every chunking gives the same merged events, obeys the event rules, and that string
 * deltas concatenate to each path's `done` value. Returns the merged events of the whole text.
 */
export function expectChunkingInvariance(
  format: FormatName,
  output: OutputDefinition | undefined,
  text: string,
  count = 100,
  seed = 7,
): StreamingData[] {
  const [whole, ...others] = standardChunkings(text, count, seed);
  const reference = streamAll(createStreamParser({ format, output }), whole as string[]);
  expect(contractViolations(reference)).toEqual([]);
  expectDeltasMatchDone(reference);
  const expected = mergeDeltas(reference);
  for (const chunks of others) {
    const events = streamAll(createStreamParser({ format, output }), chunks);
    expect(contractViolations(events)).toEqual([]);
    expect(mergeDeltas(events)).toEqual(expected);
  }
  return expected;
}

/** Every string path's deltas concatenate to the value of its `done`. */
export function expectDeltasMatchDone(events: readonly StreamingData[]): void {
  const texts = concatenatedDeltas(events);
  for (const event of events) {
    if (event.event_type === 'done' && typeof event.value === 'string') {
      expect(texts.get(event.path) ?? '', `deltas of ${event.path}`).toBe(event.value);
    }
  }
}

/** The final value `parseOutput` gives, or `'error'` when it throws. */
export function finalValueOrError(format: FormatName, output: OutputDefinition | undefined, text: string): unknown {
  try {
    return parseOutput(text, { format, output });
  } catch {
    return 'error';
  }
}
