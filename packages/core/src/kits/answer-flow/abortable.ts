import { AbortError } from '../../errors/errors';

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AbortError('The answer flow was aborted');
}

/** Resolves like `promise`, but rejects with AbortError as soon as `signal` aborts. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError('The answer flow was aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) reject(new AbortError('The answer flow was aborted'));
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? new AbortError('The answer flow was aborted') : error);
      },
    );
  });
}
