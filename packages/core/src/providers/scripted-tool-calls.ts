import type { ModelEvent } from './model';
import { type ChunkSize, chunksOf } from './scripted-chunks';

/** A tool call a {@link scriptedModel} makes: its name, its arguments as JSON text, and an id. */
export type ScriptedToolCall = {
  name: string;
  /** The arguments, as the model writes them (JSON text; streamed in chunks). */
  arguments: string;
  /** The call id. Default `call_<position>`. */
  id?: string;
};

/**
 * Scripted tool calls as a provider streams parallel calls: each call opens with its id and name,
 * then their argument chunks interleave round-robin (keys from `firstKey`), as Chat Completions'
 * `index`ed fragments may.
 */
export function* toolCallEvents(
  calls: readonly ScriptedToolCall[],
  firstKey: number,
  size: ChunkSize,
  random: () => number,
): Generator<ModelEvent, void, undefined> {
  const streams = calls.map((call, i) => ({ key: firstKey + i, chunks: chunksOf(call.arguments, size, random) }));
  for (const [i, call] of calls.entries()) {
    yield { type: 'tool_call', key: firstKey + i, id: call.id ?? `call_${firstKey + i}`, name: call.name, delta: '' };
  }
  let open = streams;
  while (open.length > 0) {
    const still: typeof streams = [];
    for (const stream of open) {
      const next = stream.chunks.next();
      if (next.done === true) continue;
      yield { type: 'tool_call', key: stream.key, delta: next.value };
      still.push(stream);
    }
    open = still;
  }
}
