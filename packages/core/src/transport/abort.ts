import { AbortError } from '../errors/errors';

/** Throws our `AbortError` when `signal` is already aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw toAbortError(signal);
}

/** Our `AbortError` for an aborted signal, keeping the signal's reason as the cause. */
export function toAbortError(signal: AbortSignal | undefined): AbortError {
  return new AbortError('The operation was aborted', { cause: signal?.reason });
}

/**
 * Waits for `promise`, but rejects with `AbortError` as soon as `signal` aborts, even if the
 * promise itself never settles (a custom stream that ignores the signal).
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const stop = onAbort(signal, () => {
      promise.catch(() => {});
      reject(toAbortError(signal));
    });
    promise.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(signal.aborted ? toAbortError(signal) : error);
      },
    );
  });
}

/** Resolves after `ms` (a plain `setTimeout`, so fake timers drive it); rejects with `AbortError` on abort. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      resolve();
    }, ms);
    const stop = onAbort(signal, () => {
      clearTimeout(timer);
      reject(toAbortError(signal));
    });
  });
}

/**
 * Calls `onAborted` once `signal` aborts, at once when it already has. Returns what removes the
 * listener.
 */
export function onAbort(signal: AbortSignal | undefined, onAborted: () => void): () => void {
  if (signal?.aborted) onAborted();
  else signal?.addEventListener('abort', onAborted, { once: true });
  return () => signal?.removeEventListener('abort', onAborted);
}
