import { type PatchStreamInput, patchStreamMessages, type ToPatchStreamOptions } from '@fieldstream/core/patch-stream';
import { type AnswerLog, AnswerLogError, type AnswerRecord } from './answer-log';
import { answerStream } from './answer-stream';
import { hashToken, randomToken, sameDigest } from './answer-ticket';
import { createMemoryAnswerLog } from './memory-answer-log';

/** Options of {@link createResumableAnswers}. */
export type ResumableAnswersOptions = Pick<ToPatchStreamOptions, 'text' | 'observations' | 'frameMs'> & {
  /**
   * Where answers' messages are kept: `createMemoryAnswerLog()` (the default: this process only)
   * or `createRedisAnswerLog({ url })` when more than one instance serves the app.
   */
  log?: AnswerLog;
  /**
   * Whether a holder of an answer's token may abort its generation with a `DELETE` (what
   * `fromPatchStream`'s `abort()` sends when this is on). Default `false`: a closed tab or a lost
   * connection never cancels a paid answer, and neither does a client's abort.
   */
  allowAbort?: boolean;
  /** How often an idle stream sends a keep-alive comment, in milliseconds (default 15 000). */
  keepAliveMs?: number;
  /**
   * The most streams of one answer this instance serves at once, its starter's included (default
   * 16: a user's tabs and reconnects, not a broadcast). One more gets 429 `too_many_readers` with
   * `Retry-After: 1`, and the client's reconnection waits and tries again.
   */
  maxReadersPerAnswer?: number;
};

/** Who is asking, as the app knows it (a session or user id): checked against the starter's. */
export type AnswerOwner = { owner?: string };

/** Starts resumable answers and serves them to whoever holds their ticket, on any instance. */
export type ResumableAnswers = {
  /**
   * Starts `response` as a new answer: it runs to its end (or abort) whether or not a client is
   * connected, its patch-stream messages appended to the log. Answers with the patch stream, whose
   * first event names the answer (its id and capability token, for `fromPatchStream`'s
   * `resume.onAnswer`).
   */
  start(response: PatchStreamInput, options?: AnswerOwner): Promise<Response>;
  /**
   * Serves the answer a request names (headers `fieldstream-answer`, `fieldstream-answer-token`):
   * GET replays its messages after `Last-Event-ID` (all without it), then follows it live; DELETE
   * asks its generation to stop, when `allowAbort` is on (else 403 `abort_not_allowed`). An unknown
   * or expired answer, a wrong token or another owner all get 404 `answer_not_found`.
   */
  resume(request: Request, options?: AnswerOwner): Promise<Response>;
  /** Stops hearing abort requests (the log is the app's to close). */
  close(): void;
};

/**
 * Resumable answers (docs/decisions/0024-resumable-answers.md): generation decoupled from the
 * connection, messages in an {@link AnswerLog}, clients resuming with `Last-Event-ID` or attaching
 * by ticket after a reload.
 */
export function createResumableAnswers(options: ResumableAnswersOptions = {}): ResumableAnswers {
  const log = options.log ?? createMemoryAnswerLog();
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const maxReaders = options.maxReadersPerAnswer ?? 16;
  /** Streams open per answer on this instance. */
  const readers = new Map<string, number>();
  const serve = (ticket: { id: string } & Record<string, unknown>, after: string | undefined): Response => {
    const { id } = ticket;
    const open = readers.get(id) ?? 0;
    if (open >= maxReaders)
      return problem(429, 'too_many_readers', `this answer has ${maxReaders} readers already`, { 'retry-after': '1' });
    readers.set(id, open + 1);
    const closed = () => {
      const left = (readers.get(id) ?? 1) - 1;
      if (left > 0) readers.set(id, left);
      else readers.delete(id);
    };
    return answerStream(ticket, (signal) => log.read(id, after, signal), keepAliveMs, closed);
  };
  const wire = { text: options.text, observations: options.observations, frameMs: options.frameMs };
  const running = new Map<string, PatchStreamInput>();
  const stopHearing = log.onAbortRequest((answerId) =>
    running.get(answerId)?.abort('The answer was aborted by its client'),
  );

  const pump = async (answerId: string, response: PatchStreamInput) => {
    try {
      for await (const data of patchStreamMessages(response, wire)) await log.append(answerId, data);
      await log.end(answerId);
    } catch {
      // The log lost the answer (or is gone): nobody can read the rest, so stop paying for it.
      // Readers get the log's typed error.
      response.abort('The answer log lost this answer');
    } finally {
      running.delete(answerId);
    }
  };

  return {
    start: (response, { owner } = {}) =>
      unavailableAs503(async () => {
        const id = randomToken();
        const token = randomToken();
        const record: AnswerRecord = {
          tokenHash: await hashToken(token),
          abortable: options.allowAbort === true,
          ...(owner === undefined ? {} : { owner }),
        };
        await log.create(id, record);
        running.set(id, response);
        void pump(id, response);
        return serve({ id, token, abortable: record.abortable }, undefined);
      }),
    resume: (request, { owner } = {}) =>
      unavailableAs503(async () => {
        const id = request.headers.get('fieldstream-answer') ?? '';
        const token = request.headers.get('fieldstream-answer-token') ?? '';
        const record = id === '' ? undefined : await log.record(id);
        if (
          record === undefined ||
          !sameDigest(await hashToken(token), record.tokenHash) ||
          (record.owner !== undefined && record.owner !== owner)
        )
          return problem(404, 'answer_not_found', 'no answer of yours has this id (it may have expired)');
        if (request.method === 'DELETE') {
          if (!record.abortable)
            return problem(403, 'abort_not_allowed', 'this server does not let clients abort answers');
          await log.requestAbort(id);
          return new Response(null, { status: 202 });
        }
        if (request.method !== 'GET')
          return problem(405, 'method_not_allowed', 'GET resumes an answer, DELETE aborts it');
        const after = request.headers.get('last-event-id') ?? undefined;
        // The token stays with its holder; `abortable` goes to every stream, so an abort works after any reconnect.
        return serve({ id, abortable: record.abortable }, after === '' ? undefined : after);
      }),
    close: stopHearing,
  };
}

function problem(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: { message, type: 'answer_error', code } }, { status, headers });
}

/** A log that cannot be reached is 503 with `Retry-After` (a client reconnecting waits, then tries again). */
async function unavailableAs503(handle: () => Promise<Response>): Promise<Response> {
  try {
    return await handle();
  } catch (error) {
    if (!(error instanceof AnswerLogError) || error.code !== 'ANSWER_LOG_UNAVAILABLE') throw error;
    return problem(503, 'answer_log_unavailable', 'the answer log cannot be reached', { 'retry-after': '1' });
  }
}
