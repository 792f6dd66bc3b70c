/**
 * Listener isolation: a listener that throws must not break the response or the store, must not
 * stop the other listeners, and must not become an uncaught exception (which ends a Node
 * process). Its error is reported with `console.error`, like a browser reports an error thrown by
 * an event listener.
 */
export function reportListenerError(where: string, error: unknown): void {
  console.error(`Fieldstream: a ${where} listener threw (the other listeners still ran):`, error);
}

/** `listener`, with its errors reported instead of thrown. */
export function isolateListener<Args extends unknown[]>(
  where: string,
  listener: (...args: Args) => void,
): (...args: Args) => void {
  return (...args) => {
    try {
      listener(...args);
    } catch (error) {
      reportListenerError(where, error);
    }
  };
}
