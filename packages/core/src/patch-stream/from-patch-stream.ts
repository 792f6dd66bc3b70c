import {
  checkObject,
  checkOptionalFunction,
  checkOptionalObject,
  checkOptionalSignal,
  checkOptionalWholeNumber,
  invalid,
} from '../errors/check-argument';
import { TransportError } from '../errors/errors';
import {
  createResponseCore,
  type ResponseSink,
  type Settlement,
  type StreamedResponse,
} from '../response/response-core';
import { fetchEventStream } from '../transport/fetch-event-stream';
import { END_EVENT, type WireEvent } from './wire-events';
import { WireReader } from './wire-reader';

/** Options of {@link fromPatchStream}. */
export type FromPatchStreamOptions = {
  /** The endpoint that answers with `toPatchStream(response)`. */
  url: string | URL;
  /** `method` (default POST with a body, else GET), `headers`, `body`, `credentials`… */
  init?: Omit<RequestInit, 'signal'>;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** Aborts like `abort()`. */
  signal?: AbortSignal;
  /**
   * The most characters one patch-stream message may hold (default 32 Mi). A longer one, or a line
   * that never ends, fails the response with `TransportError` code `STREAM_MESSAGE_TOO_LARGE`
   * and closes the connection; what streamed before stays.
   */
  maxMessageLength?: number;
};

/**
 * A server-side response read in the browser: the same {@link StreamedResponse} as `createResponse`
 * gives, with the server's events. `deltas()` and `getText()` carry text only when the server sends
 * it (`toPatchStream(response, { text: true })`); the observation log has no prompts or answer texts.
 */
export type PatchStreamResponse<Data = unknown> = StreamedResponse<Data>;

/**
 * Reads a patch stream (`toPatchStream` on the server) as a response: `createFieldStore` and every
 * hook work on it unchanged, and nothing is parsed in the browser. Nothing is requested until a
 * consumer starts it (`instant()`, `getData()`, `start()`…), like `createResponse`.
 */
export function fromPatchStream<Data = unknown>(options: FromPatchStreamOptions): PatchStreamResponse<Data> {
  checkObject('fromPatchStream options', options);
  if (typeof options.url !== 'string' && !(options.url instanceof URL))
    throw invalid('fromPatchStream options.url', 'a string or a URL', options.url);
  checkOptionalObject('fromPatchStream options.init', options.init);
  checkOptionalFunction('fromPatchStream options.fetch', options.fetch);
  checkOptionalSignal('fromPatchStream options.signal', options.signal);
  checkOptionalWholeNumber('fromPatchStream options.maxMessageLength', options.maxMessageLength, 1);
  return createResponseCore<Data>({ run: (sink) => readPatchStream(options, sink), signal: options.signal }).response;
}

async function readPatchStream(options: FromPatchStreamOptions, sink: ResponseSink): Promise<Settlement> {
  const reader = new WireReader(sink);
  const { method, headers, body, ...init } = options.init ?? {};
  try {
    for await (const message of fetchEventStream(options.url, {
      method: method ?? (body === undefined || body === null ? 'GET' : 'POST'),
      headers: headers === undefined ? undefined : Object.fromEntries(new Headers(headers).entries()),
      body: body ?? undefined,
      signal: sink.signal,
      fetch: options.fetch,
      init,
      isEndMessage: (end) => end.event === END_EVENT,
      maxMessageLength: options.maxMessageLength,
    } as Parameters<typeof fetchEventStream>[1])) {
      if (message.event === END_EVENT) break;
      reader.take(wireBatch(message.data));
    }
  } catch (error) {
    if (sink.signal.aborted) return { kind: 'aborted' };
    return reader.fail(error);
  }
  return reader.settle();
}

/** One message's events: a JSON list, or a `TransportError` saying the stream is not a patch stream. */
function wireBatch(data: string): WireEvent[] {
  let batch: unknown;
  try {
    batch = JSON.parse(data);
  } catch {
    throw new TransportError('A patch stream message is not JSON', 0, '');
  }
  if (!Array.isArray(batch) || batch.some((event) => event === null || typeof event !== 'object'))
    throw new TransportError('A patch stream message is not a list of events', 0, '');
  return batch as WireEvent[];
}
