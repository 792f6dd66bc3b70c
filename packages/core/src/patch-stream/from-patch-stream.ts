import {
  checkObject,
  checkOptionalFunction,
  checkOptionalObject,
  checkOptionalSignal,
  checkOptionalWholeNumber,
} from '../errors/check-argument';
import { TransportError } from '../errors/errors';
import { isolateListener } from '../errors/listener-errors';
import {
  createResponseCore,
  type ResponseSink,
  type Settlement,
  type StreamedResponse,
} from '../response/response-core';
import { settledReads } from '../response/settled-reads';
import { onAbort, sleep } from '../transport/abort';
import {
  endedBeforeEndMarker,
  type FetchEventStreamOptions,
  openOnce,
  streamEvents,
} from '../transport/fetch-event-stream';
import {
  ANSWER_ERROR_EVENT,
  ANSWER_EVENT,
  type AnswerTicket,
  answerHeaders,
  canReconnect,
  checkResumeOptions,
  checkUrl,
  isLaterId,
  type ResumeOptions,
  readTicket,
  reconnectDelay,
} from './resume-options';
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
  /**
   * Reconnection to a resumable answer (one served by `@fieldstream/server`'s
   * `createResumableAnswers`) after its connection dropped: with `Last-Event-ID`, so every message
   * arrives once, in order. On by default (bounded backoff, `Retry-After` honoured); `false` turns
   * it off. A plain `toPatchStream` names no answer and is never reconnected.
   */
  resume?: ResumeOptions | false;
  /**
   * Attach to a running (or finished) resumable answer instead of starting one: after a reload,
   * with the ticket kept from `resume.onAnswer`. Every message from its start is replayed.
   */
  answer?: AnswerTicket;
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
  checkUrl('fromPatchStream options.url', options.url);
  checkOptionalObject('fromPatchStream options.init', options.init);
  checkOptionalFunction('fromPatchStream options.fetch', options.fetch);
  checkOptionalSignal('fromPatchStream options.signal', options.signal);
  checkOptionalWholeNumber('fromPatchStream options.maxMessageLength', options.maxMessageLength, 1);
  checkResumeOptions(options.resume, options.answer);
  return createResponseCore<Data>({
    run: (sink) => readPatchStream(options, sink),
    signal: options.signal,
    settledReads,
  }).response;
}

async function readPatchStream(options: FromPatchStreamOptions, sink: ResponseSink): Promise<Settlement> {
  const reader = new WireReader(sink);
  const { method, headers, body, ...init } = options.init ?? {};
  const baseHeaders = headers === undefined ? undefined : Object.fromEntries(new Headers(headers).entries());
  const resume = options.resume === false ? undefined : (options.resume ?? {});
  const resumeUrl = resume?.url ?? options.url;
  let ticket: AnswerTicket | undefined = options.answer;
  let lastEventId: string | undefined;
  let failures = 0;
  let gap = false;
  // The app's callback: what it throws is reported, and the answer streams on.
  const onAnswer = resume?.onAnswer === undefined ? undefined : isolateListener('resume.onAnswer', resume.onAnswer);
  // The first request starts the answer (or attaches to it, with a ticket); later ones resume it.
  const request = (): FetchEventStreamOptions & { url: string | URL } =>
    ticket === undefined
      ? {
          url: options.url,
          method: method ?? (body === undefined || body === null ? 'GET' : 'POST'),
          headers: baseHeaders,
          body: (body ?? undefined) as FetchEventStreamOptions['body'],
        }
      : { url: resumeUrl, method: 'GET', headers: answerHeaders(baseHeaders, ticket, lastEventId) };
  const stopAbortRequest = onAbort(sink.signal, () => {
    // The server runs the answer on without a reader; it stops it only when it said it takes an abort.
    if (ticket?.abortable === true)
      void (options.fetch ?? globalThis.fetch)(String(resumeUrl), {
        method: 'DELETE',
        headers: answerHeaders(baseHeaders, ticket, undefined),
        keepalive: true,
      }).catch(() => undefined);
  });
  try {
    for (;;) {
      try {
        const { url, ...opening } = request();
        const target = String(url);
        // Options checked above, the request built here: the stream without fetchEventStream's checks.
        for await (const message of streamEvents(
          target,
          {
            ...opening,
            signal: sink.signal,
            fetch: options.fetch,
            init,
            isEndMessage: (end) => end.event === END_EVENT,
            maxMessageLength: options.maxMessageLength,
          },
          openOnce,
        )) {
          if (message.event === END_EVENT) return reader.settle();
          if (message.event === ANSWER_EVENT) {
            ticket = readTicket(message.data, ticket);
            if (lastEventId === undefined && !gap) onAnswer?.({ ...ticket });
            if (gap) reader.connection('open', failures, 0);
            gap = false;
            continue;
          }
          if (message.event === ANSWER_ERROR_EVENT) {
            const taken = take(reader, message.data);
            if (taken !== undefined) return taken;
            continue;
          }
          if (ticket !== undefined) {
            // A resumable answer's ids increase: one the reader has had already is a replay, never applied
            // twice, and a reconnection that brings only replays delivered nothing (it counts).
            if (message.id === '')
              throw new TransportError("A resumable answer's message has no id", 0, '', { url: target });
            if (!isLaterId(message.id, lastEventId)) continue;
            failures = 0;
          }
          lastEventId = message.id;
          // A message that is not a patch stream's is a broken server, not a dropped connection.
          const taken = take(reader, message.data);
          if (taken !== undefined) return taken;
        }
        throw endedBeforeEndMarker(target);
      } catch (error) {
        if (sink.signal.aborted) return { kind: 'aborted' };
        if (resume === undefined || ticket === undefined || !canReconnect(error) || failures >= (resume.attempts ?? 8))
          return reader.fail(error);
        failures += 1;
        const delayMs = reconnectDelay(resume, failures, error);
        gap = true;
        reader.connection('reconnecting', failures, delayMs, lastEventId);
        await sleep(delayMs, sink.signal);
      }
    }
  } catch (error) {
    if (sink.signal.aborted) return { kind: 'aborted' };
    return reader.fail(error);
  } finally {
    stopAbortRequest();
  }
}

/** Decodes one message into the reader; a message that is no patch stream's fails the response. */
function take(reader: WireReader, data: string): Settlement | undefined {
  try {
    reader.take(wireBatch(data));
    return undefined;
  } catch (error) {
    return reader.fail(error);
  }
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
