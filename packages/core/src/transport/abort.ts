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
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(toAbortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(toAbortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? toAbortError(signal) : error);
      },
    );
  });
}

/** Resolves after `ms` (a plain `setTimeout`, so fake timers drive it); rejects with `AbortError` on abort. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(toAbortError(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(toAbortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
