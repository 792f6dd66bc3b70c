// Small helpers for the Markdown-section format tests (hybrid, flat_markdown).
import { createStreamParser, type FormatName, type OutputDefinition, type StreamingData } from '@fieldstream/core';
import { mergeDeltas, streamAll } from '../support/events';

/** One event as a short tuple: `[type, path, delta, value]`, plus the completion source on `done`. */
export type CompactEvent = [string, string, string, unknown] | [string, string, string, unknown, string];

export function compact(events: readonly StreamingData[]): CompactEvent[] {
  return events.map((event) =>
    event.event_type === 'done'
      ? ['done', event.path, event.delta, event.value, event.completion_source ?? 'missing']
      : ['delta', event.path, event.delta, event.value],
  );
}

/** Streams `chunks` through `createStreamParser` and returns the events and the final snapshot. */
export function streamChunks(
  format: FormatName,
  output: OutputDefinition | undefined,
  chunks: readonly string[],
): { events: StreamingData[]; snapshot: unknown } {
  const parser = createStreamParser({ format, output });
  const events = streamAll(parser, chunks);
  return { events, snapshot: parser.snapshot() };
}

/** The merged events of a whole text, in compact form. */
export function mergedEvents(format: FormatName, output: OutputDefinition | undefined, text: string): CompactEvent[] {
  return compact(mergeDeltas(streamChunks(format, output, [text]).events));
}
