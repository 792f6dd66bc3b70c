import type { ObservationEvent } from '../response/observation-events';
import type { ChunkListener, ResponseEvent } from '../response/response-events';
import { PatchEncoder } from './patch-codec';
import type { WireEvent } from './wire-events';

/** The part of a response that is sent elsewhere (to a browser, from a Worker). */
export type WireSource = {
  subscribe(listener: (event: ResponseEvent) => void): () => void;
  /** Every response has it; a hand-made source may not (it is then followed an event at a time). */
  subscribeChunks?(listener: ChunkListener): () => void;
  observe(listener: (event: ObservationEvent) => void): () => void;
};

/** What is sent besides patches, statuses, attempts, the final data and errors. */
export type WireWriterOptions = {
  /** The raw answer text (off by default: the patches carry it). */
  text?: boolean;
  /** The observation log, without prompts and answer texts (on by default). */
  observations?: boolean;
};

/**
 * The writer's options as `recordResponse` uses them: `connections` also sends the reading side's
 * own connection events (a recording of a `fromPatchStream` response keeps its gaps). Never part
 * of `toPatchStream`'s options: a server does not send its reader's connection.
 */
export type RecordingWriterOptions = WireWriterOptions & { connections?: boolean };

/** A response whose `getMeta()` can be sent: `toPatchStream`'s input may lack it (a hand-made source). */
export type MetaSource = { getMeta?: () => Promise<object> };

/**
 * The response's meta as the wire event that ends its events, or `undefined` when it has none: the
 * reader's `getMeta()` then agrees with the writer's (the log's provider meta and final parse are
 * facts no subscriber sees, so they cross once, derived).
 */
export async function metaEvent(response: MetaSource): Promise<WireEvent | undefined> {
  const meta = await response.getMeta?.().catch(() => undefined);
  return meta === undefined ? undefined : { k: 'm', m: { ...meta } };
}

/**
 * Follows a response and hands each of its events to `send` as a wire event, leaving out what
 * the reader rebuilds (docs/patch-contract.md §6). The one encoder of "a response somewhere
 * else": `toPatchStream` and the worker host both use it. Returns a function that stops following.
 */
export function writeWireEvents(
  response: WireSource,
  options: RecordingWriterOptions,
  send: (event: WireEvent) => void,
): () => void {
  const encoder = new PatchEncoder();
  const take = (event: ResponseEvent): void => {
    if (event.type === 'connection' ? options.connections !== true : event.type === 'text' && options.text !== true)
      return;
    send(encoder.encode(event));
  };
  // A response's chunks as they came: no event object is made per patch for the writer (the log
  // makes none when no listener takes events one by one). The raw text travels only in events.
  const unsubscribe =
    options.text !== true && typeof response.subscribeChunks === 'function'
      ? response.subscribeChunks({
          events: (events) => {
            for (const event of events) take(event);
          },
          patches: ({ attempt, patches }) => {
            for (const data of patches) send(encoder.encodePatch(attempt, data));
          },
        })
      : response.subscribe(take);
  const unobserve =
    options.observations === false ? () => undefined : response.observe((event) => send(encoder.observation(event)));
  return () => {
    unsubscribe();
    unobserve();
  };
}
