import { AnswerLogError } from './answer-log';

/**
 * The sequence number a `Last-Event-ID` names: the logs number an answer's messages from `first`
 * (the in-process log 1, 2, …; the Redis log 2-0, 3-0, …, its entry 1-0 being the answer's record).
 * Anything else, an id below the first message's included, is not an id this log gave out.
 */
export function checkAfterId(afterId: string, first: number): number {
  const match = /^(\d{1,15})(?:-0)?$/.exec(afterId);
  const seq = match === null ? Number.NaN : Number(match[1]);
  if (!(seq >= first))
    throw new AnswerLogError('ANSWER_OFFSET_UNKNOWN', `"${afterId.slice(0, 40)}" is not a message id of this answer`);
  return seq;
}

/** Waits until one of `waiting` is called (a new message, the end) or `signal` aborts. */
export function waitFor(waiting: Set<() => void>, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      waiting.delete(done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    waiting.add(done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Wakes every reader waiting in `waiting`. */
export function wake(waiting: Set<() => void>): void {
  for (const resolve of waiting) resolve();
  waiting.clear();
}
