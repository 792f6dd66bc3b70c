import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AnswerLog, createResumableAnswers, toNodeHandler } from '@fieldstream/server';
import { RESUMABLE_ROUTE, RESUMABLE_STATS_ROUTE, type ResumableRequest } from '../src/pages/resume/resume-routes';
import { TICKET_ANSWER } from '../src/pages/server-stream/ticket-schema';
import type { ChatBackend } from './chat-backend';
import { sendJson } from './http-helpers';
import { ticketResponse } from './patch-stream-endpoint';

/** Slow enough to reload the page mid-answer. */
const CHUNK_SIZE = 4;
const DELAY_MS = 25;

/** A log shared beyond this backend (Redis on the server), named in `/api/answers/stats`. */
export type SharedAnswerLog = { name: string; log: AnswerLog };

/**
 * `/api/answers`: resumable answers (`createResumableAnswers`). The log is this backend's own memory
 * unless `shared` is given (the server passes Redis when `REDIS_URL` is set, see `node-backend.ts`).
 * A start with `dropAfterBytes` cuts the connection after that many bytes, as a lost network does;
 * the generation goes on and the page resumes it with `Last-Event-ID`.
 */
export function createResumableEndpoint(shared?: SharedAnswerLog): ChatBackend {
  const answers = createResumableAnswers({ log: shared?.log, allowAbort: true });
  let started = 0;
  /** The latest answer's response here, so a test can see what a client's Stop did to it. */
  let latest: ReturnType<typeof ticketResponse> | undefined;
  const handle = toNodeHandler(async (request) => {
    if (request.method !== 'POST') return answers.resume(request);
    const body = (await request.json().catch(() => ({}))) as ResumableRequest;
    started += 1;
    latest = ticketResponse([TICKET_ANSWER], CHUNK_SIZE, DELAY_MS);
    const streamed = await answers.start(latest);
    const cut = body.dropAfterBytes;
    return typeof cut === 'number' && cut > 0 && streamed.body !== null
      ? new Response(cutAfter(streamed.body, cut), { headers: streamed.headers })
      : streamed;
  });
  return {
    async handle(req: IncomingMessage, res: ServerResponse) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path === RESUMABLE_STATS_ROUTE) {
        sendJson(res, 200, { started, latestStatus: latest?.status, log: shared?.name ?? 'memory' });
        return true;
      }
      if (path !== RESUMABLE_ROUTE) return false;
      await handle(req, res);
      return true;
    },
  };
}

/** The body up to `bytes`, then a broken connection. */
function cutAfter(body: ReadableStream<Uint8Array>, bytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      const room = bytes - sent;
      sent += value.length;
      if (value.length < room) return controller.enqueue(value);
      controller.enqueue(value.slice(0, room));
      void reader.cancel();
      controller.error(new Error('connection dropped on purpose'));
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
