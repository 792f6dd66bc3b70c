import {
  checkObject,
  checkOptionalFunction,
  checkOptionalObject,
  checkOptionalWholeNumber,
  checkString,
  invalid,
} from '../errors/check-argument';
import { TransportError } from '../errors/errors';
import { MAX_RETRY_AFTER_MS } from '../transport/retry-after';
import { type Backoff, backoffDelayMs, fixedBackoff, isTransientFailure } from '../transport/retry-policy';

/**
 * A resumable answer's name and the capability to read it, as the server issued them with the
 * answer (`@fieldstream/server`'s `createResumableAnswers`). Keep it (e.g. in `sessionStorage`) to
 * attach to the answer after a reload: `fromPatchStream({ url, answer })`.
 */
export type AnswerTicket = {
  /** The answer's id: random, unguessable. */
  readonly id: string;
  /** The capability token issued with the answer: whoever holds it may read (and, if allowed, abort) it. */
  readonly token: string;
  /**
   * Whether the server takes an abort for it (`allowAbort`), as it said when it named the answer:
   * an attached response's `abort()` then asks it to stop even before the server names it again.
   */
  readonly abortable?: boolean;
};

/** How `fromPatchStream` reconnects to a resumable answer after its connection dropped. */
export type ResumeOptions = {
  /**
   * Reconnections in a row that deliver nothing before the response fails with the last
   * `TransportError` (default 8). A reconnection that delivers a message starts the count again.
   */
  attempts?: number;
  /**
   * Wait before reconnection number `retry` (1 first) in milliseconds: default 250 · 2^(retry−1),
   * at most 8000. A `Retry-After` from the server wins when longer, up to 60 000 ms.
   */
  delayMs?: (retry: number) => number;
  /**
   * Where to reconnect and attach (default: the stream's `url`). It is requested with GET and the
   * headers `fieldstream-answer`, `fieldstream-answer-token` and `last-event-id`.
   */
  url?: string | URL;
  /** Called once the server names the answer: keep the ticket to attach after a reload. */
  onAnswer?: (ticket: AnswerTicket) => void;
};

/** The message a resumable answer's stream starts with: its ticket (the token only for its starter). */
export const ANSWER_EVENT = 'answer';
/** The log's typed ending of a resumable answer (`ANSWER_LOST`, `ANSWER_OFFSET_UNKNOWN`): no message of the log's, so no id. */
export const ANSWER_ERROR_EVENT = 'answer-error';

export function checkResumeOptions(resume: unknown, answer: unknown): void {
  if (resume !== false) {
    checkOptionalObject('fromPatchStream options.resume', resume);
    const options = (resume ?? {}) as ResumeOptions;
    checkOptionalWholeNumber('fromPatchStream options.resume.attempts', options.attempts, 0);
    checkOptionalFunction('fromPatchStream options.resume.delayMs', options.delayMs);
    checkOptionalFunction('fromPatchStream options.resume.onAnswer', options.onAnswer);
    if (options.url !== undefined) checkUrl('fromPatchStream options.resume.url', options.url);
  }
  if (answer !== undefined) {
    checkObject('fromPatchStream options.answer', answer);
    checkString('fromPatchStream options.answer.id', answer.id);
    checkString('fromPatchStream options.answer.token', answer.token);
  }
}

/** Throws an `ArgumentError` unless `url` is a string or a `URL`. */
export function checkUrl(where: string, url: unknown): void {
  if (typeof url !== 'string' && !(url instanceof URL)) throw invalid(where, 'a string or a URL', url);
}

/** The ticket an `answer` message names; its `abortable` flag says the server takes an abort request. */
export function readTicket(data: string, known: AnswerTicket | undefined): AnswerTicket & { abortable: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    parsed = undefined;
  }
  const fields = (parsed ?? {}) as Record<string, unknown>;
  const id = Object.hasOwn(fields, 'id') ? fields.id : undefined;
  const token = Object.hasOwn(fields, 'token') ? fields.token : known?.token;
  if (typeof id !== 'string' || typeof token !== 'string')
    throw new TransportError('A patch stream named its answer without an id and token', 0, '');
  // A resumed stream names the answer without its token; an older server's without `abortable` either.
  const abortable = typeof fields.abortable === 'boolean' ? fields.abortable : known?.abortable === true;
  return { id, token, abortable };
}

/**
 * Whether message id `id` comes after `last`: ids of the form `n` or `n-m` (both answer logs', and
 * Redis Streams') compare as numbers; any other id only differs from the last one.
 */
export function isLaterId(id: string, last: string | undefined): boolean {
  if (last === undefined) return true;
  const [a, b] = [ID.exec(id), ID.exec(last)];
  if (a === null || b === null) return id !== last;
  const [high, low] = [Number(a[1]) - Number(b[1]), Number(a[2] ?? 0) - Number(b[2] ?? 0)];
  return high > 0 || (high === 0 && low > 0);
}

const ID = /^(\d{1,15})(?:-(\d{1,15}))?$/;

/** Whether a failure of the connection may be healed by reconnecting (a drop, a 5xx, 408, 429). */
export function canReconnect(error: unknown): error is TransportError {
  return error instanceof TransportError && isTransientFailure(error);
}

/**
 * The reconnection schedule when `resume.delayMs` is not given: 250 · 2^(n−1) ms up to 8 s, no
 * jitter. The answer runs on at the server without a reader, so a reader that dropped comes back
 * soon; the waits are the ones docs/guides/server.md promises and the `connection` event reports.
 * A server's `Retry-After` is obeyed up to a minute, past the 8 s: it knows its own load.
 */
const RECONNECT_BACKOFF: Backoff = {
  baseDelayMs: 250,
  factor: 2,
  maxDelayMs: 8000,
  jitter: 0,
  maxRetryAfterMs: MAX_RETRY_AFTER_MS,
};

/**
 * The wait before reconnection `retry`: the configured backoff, or the server's `Retry-After` when
 * longer, up to a minute (`backoffDelayMs`: a server never makes it shorter, nor a timer overflow).
 */
export function reconnectDelay(resume: ResumeOptions, retry: number, error: TransportError): number {
  const backoff = resume.delayMs ? fixedBackoff(resume.delayMs(retry)) : RECONNECT_BACKOFF;
  return backoffDelayMs(backoff, retry, error.retryAfter);
}

/** The headers that name an answer to the server (attach, resume, abort). */
export function answerHeaders(
  base: Record<string, string> | undefined,
  ticket: AnswerTicket,
  lastEventId: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(base ?? {})) {
    if (!/^content-(type|length)$/i.test(name)) headers[name] = value;
  }
  headers['fieldstream-answer'] = ticket.id;
  headers['fieldstream-answer-token'] = ticket.token;
  if (lastEventId !== undefined && lastEventId !== '') headers['last-event-id'] = lastEventId;
  return headers;
}
