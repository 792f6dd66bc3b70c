import { type AnswerLog, AnswerLogError, type AnswerLogOptions, type AnswerRecord, logLifetimes } from './answer-log';
import { checkAfterId, waitFor, wake } from './log-reading';

type MemoryAnswer = {
  record: AnswerRecord;
  entries: string[];
  ended: boolean;
  /** Readers waiting for the next message. */
  waiting: Set<() => void>;
  expiry: ReturnType<typeof setTimeout>;
};

/**
 * An answer log in this process: the default, for one server instance and for tests. Message ids
 * are `1`, `2`, … per answer. Memory: the answer's messages until it expires; an expiry wakes the
 * answer's readers, which then end with `ANSWER_LOST` (nothing holds the messages past it).
 */
export function createMemoryAnswerLog(options: AnswerLogOptions = {}): AnswerLog {
  const { ttlSeconds, maxAgeSeconds } = logLifetimes(options);
  const ttlMs = ttlSeconds * 1000;
  const maxAgeMs = maxAgeSeconds * 1000;
  const answers = new Map<string, MemoryAnswer>();
  const abortListeners = new Set<(answerId: string) => void>();
  const expireIn = (answerId: string, ms: number) => {
    const timer = setTimeout(() => {
      const answer = answers.get(answerId);
      answers.delete(answerId);
      if (answer === undefined) return;
      wake(answer.waiting);
      // An answer still generating at its age limit: nobody can read it any more, so stop paying for it.
      if (!answer.ended) for (const listener of abortListeners) listener(answerId);
    }, ms);
    timer.unref?.();
    return timer;
  };
  const open = (answerId: string): MemoryAnswer => {
    const answer = answers.get(answerId);
    if (answer === undefined) throw new AnswerLogError('ANSWER_LOST', `The answer ${answerId} is no longer in the log`);
    return answer;
  };

  return {
    async create(answerId, record) {
      answers.set(answerId, {
        record,
        entries: [],
        ended: false,
        waiting: new Set(),
        expiry: expireIn(answerId, maxAgeMs),
      });
    },
    async append(answerId, data) {
      const answer = open(answerId);
      answer.entries.push(data);
      wake(answer.waiting);
      return String(answer.entries.length);
    },
    async end(answerId) {
      const answer = open(answerId);
      answer.ended = true;
      clearTimeout(answer.expiry);
      answer.expiry = expireIn(answerId, ttlMs);
      wake(answer.waiting);
    },
    async record(answerId) {
      return answers.get(answerId)?.record;
    },
    async *read(answerId, afterId, signal) {
      let next = afterId === undefined ? 0 : checkAfterId(afterId, 1);
      for (;;) {
        const answer = open(answerId);
        if (next > answer.entries.length)
          throw new AnswerLogError('ANSWER_OFFSET_UNKNOWN', `The answer ${answerId} has no message ${afterId}`);
        while (next < answer.entries.length) {
          next += 1;
          yield { id: String(next), data: answer.entries[next - 1] as string };
        }
        if (answer.ended || signal.aborted) return;
        await waitFor(answer.waiting, signal);
      }
    },
    async requestAbort(answerId) {
      for (const listener of abortListeners) listener(answerId);
    },
    onAbortRequest(listener) {
      abortListeners.add(listener);
      return () => abortListeners.delete(listener);
    },
    async close() {
      for (const answer of answers.values()) {
        clearTimeout(answer.expiry);
        wake(answer.waiting);
      }
      answers.clear();
    },
  };
}
