import { FieldstreamError } from '@fieldstream/core';

/** What the log keeps about an answer besides its messages: who may read it, and whether it may be aborted. */
export type AnswerRecord = {
  /** SHA-256 (hex) of the capability token issued with the answer; the token itself is never stored. */
  readonly tokenHash: string;
  /** The app's name for the starter (a session or user id), when it gave one: readers must give the same. */
  readonly owner?: string;
  /** Whether a holder of the token may abort the generation (`allowAbort`). */
  readonly abortable: boolean;
};

/** One stored message of an answer: its id (the SSE `id:`, a client's `Last-Event-ID`) and its text. */
export type LogEntry = { readonly id: string; readonly data: string };

/**
 * Where a resumable answer's patch-stream messages are kept while it runs and for a while after
 * (docs/decisions/0024-resumable-answers.md). `createMemoryAnswerLog` keeps them in this process
 * (one instance, tests); `createRedisAnswerLog` in one Redis Stream per answer, so any instance can
 * serve any answer. Ids grow with each message; a reader asks for the messages after one.
 */
export interface AnswerLog {
  /** Opens the log of a new answer (expires after `maxAgeSeconds` at most, ended or not). */
  create(answerId: string, record: AnswerRecord): Promise<void>;
  /** Appends one message and resolves with its id once stored. Rejects with `AnswerLogError` when the log lost the answer. */
  append(answerId: string, data: string): Promise<string>;
  /** No more messages: readers end after the last one; the log expires `ttlSeconds` later. */
  end(answerId: string): Promise<void>;
  /** The answer's record, or `undefined` when the answer is unknown or expired. */
  record(answerId: string): Promise<AnswerRecord | undefined>;
  /**
   * The messages after `afterId` (all of them without one), in order, then every new one as it
   * is appended, until the end. Throws `AnswerLogError` when messages were lost (`ANSWER_LOST`) or
   * the id is not one of this answer's (`ANSWER_OFFSET_UNKNOWN`); stops when `signal` aborts.
   */
  read(answerId: string, afterId: string | undefined, signal: AbortSignal): AsyncIterable<LogEntry>;
  /** Asks whichever instance generates the answer to abort it. */
  requestAbort(answerId: string): Promise<void>;
  /**
   * Hears abort requests for the answers this instance generates: a client's, relayed, and the
   * log's own for an answer it can no longer keep (past `maxAgeSeconds`, or lost) while it still
   * generates. Returns an unsubscribe.
   */
  onAbortRequest(listener: (answerId: string) => void): () => void;
  /** Lets go of connections and timers. */
  close(): Promise<void>;
}

/** The log cannot serve an answer as it was written: never a silent gap. */
export class AnswerLogError extends FieldstreamError {
  override name = 'AnswerLogError';
  constructor(
    code: 'ANSWER_LOST' | 'ANSWER_OFFSET_UNKNOWN' | 'ANSWER_LOG_UNAVAILABLE',
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(code, message, options);
  }
}

/** Options of the in-process and Redis answer logs. */
export type AnswerLogOptions = {
  /** How long a finished answer stays readable, in seconds (default 600). */
  ttlSeconds?: number;
  /** The longest an answer's log lives, ended or not, in seconds (default 3600): a crashed writer's log goes too. */
  maxAgeSeconds?: number;
};

/** The lifetimes an answer log keeps, its defaults filled in. */
export function logLifetimes(options: AnswerLogOptions): Required<AnswerLogOptions> {
  return { ttlSeconds: options.ttlSeconds ?? 600, maxAgeSeconds: options.maxAgeSeconds ?? 3600 };
}
