import { AnswerLogError } from './answer-log';

/**
 * The sequence number a `Last-Event-ID` names: both logs number an answer's messages 1, 2, … (the
 * Redis log writes them as stream ids `n-0`). Anything else is not an id of ours.
 */
export function checkAfterId(afterId: string): number {
  const match = /^(\d{1,15})(?:-0)?$/.exec(afterId);
  if (match === null)
    throw new AnswerLogError('ANSWER_OFFSET_UNKNOWN', `"${afterId.slice(0, 40)}" is not a message id`);
  return Number(match[1]);
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
