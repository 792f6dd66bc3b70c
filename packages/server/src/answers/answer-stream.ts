import { AnswerLogError, type LogEntry } from './answer-log';

const encoder = new TextEncoder();
/** An event stream nobody caches or buffers (nginx reads `x-accel-buffering`). */
const SSE_HEADERS = new Headers([
  ['content-type', 'text/event-stream'],
  ['cache-control', 'no-cache, no-transform'],
  ['x-accel-buffering', 'no'],
]);

/**
 * An answer's messages as the SSE `Response` `fromPatchStream` reads: first an `answer` event
 * naming the answer (with the capability token for its starter), then each logged message with
 * its `id:` (the client's `Last-Event-ID` on a reconnect), then the `end` event. A comment every
 * `keepAliveMs` while nothing comes keeps proxies from closing an idle connection. A log that lost
 * messages sends a typed error event and ends; a log that fails otherwise (Redis unreachable)
 * breaks the connection, so the client reconnects, maybe to another instance. `closed` is called
 * once, however the stream ends.
 */
export function answerStream(
  ticket: Record<string, unknown>,
  entries: (signal: AbortSignal) => AsyncIterable<LogEntry>,
  keepAliveMs: number,
  closed: () => void = () => undefined,
): Response {
  const stop = new AbortController();
  let open = true;
  const close = () => {
    if (open) closed();
    open = false;
  };
  let iterator: AsyncIterator<LogEntry> | undefined;
  let pending: Promise<IteratorResult<LogEntry>> | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`event: answer\ndata: ${JSON.stringify(ticket)}\n\n`));
      },
      async pull(controller) {
        iterator ??= entries(stop.signal)[Symbol.asyncIterator]();
        pending ??= iterator.next();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const idle = new Promise<'idle'>((resolve) => {
          timer = setTimeout(() => resolve('idle'), keepAliveMs);
        });
        let step: IteratorResult<LogEntry> | 'idle';
        try {
          step = await Promise.race([pending, idle]);
        } catch (error) {
          close();
          // The log is unreachable: break the connection, as the network would, so the client reconnects.
          if (!(error instanceof AnswerLogError) || error.code === 'ANSWER_LOG_UNAVAILABLE')
            throw new Error('The answer log is unavailable');
          // Lost or unknown messages: a typed error the client keeps, never a silent gap. An event of its
          // own, as it is no message of the log's (it has no id, and the client drops what repeats one).
          const wire = [{ k: 'e', err: { name: error.name, code: error.code, message: error.message }, rf: 1 }];
          controller.enqueue(
            encoder.encode(`event: answer-error\ndata: ${JSON.stringify(wire)}\n\nevent: end\ndata: {}\n\n`),
          );
          controller.close();
          return;
        } finally {
          clearTimeout(timer);
        }
        if (step === 'idle') {
          controller.enqueue(encoder.encode(': keep-alive\n\n'));
          return;
        }
        pending = undefined;
        if (step.done === true) {
          close();
          controller.enqueue(encoder.encode('event: end\ndata: {}\n\n'));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(`id: ${step.value.id}\ndata: ${step.value.data}\n\n`));
      },
      cancel() {
        // The client went away: stop reading; the generation goes on (it is not this connection's).
        close();
        stop.abort();
        void iterator?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: SSE_HEADERS });
}
