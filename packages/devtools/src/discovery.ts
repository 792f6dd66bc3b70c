import type { PatchStreamInput } from '@fieldstream/core/patch-stream';

/**
 * The global `@fieldstream/core` calls with each response it makes, when (and only when) it
 * exists (decision 0031). A panel with `discover` installs it; without a panel it is absent.
 */
export const DEVTOOLS_HOOK = '__FIELDSTREAM_DEVTOOLS__';

type HookScope = Record<typeof DEVTOOLS_HOOK, ((response: object) => void) | undefined>;

/**
 * Installs the hook: each response announced is handed to `onResponse` once it has started (a
 * recording starts its response, and the page may never start one it made). Returns a function
 * that removes the hook and forgets responses not started yet. When another panel holds the hook,
 * nothing is installed.
 */
export function installDiscovery(onResponse: (response: PatchStreamInput) => void): () => void {
  const scope = globalThis as unknown as HookScope;
  if (scope[DEVTOOLS_HOOK] !== undefined) return () => undefined;
  const waiting = new Set<() => void>();
  const hook = (response: object): void => {
    if (!isResponse(response)) return;
    let started = false;
    let unsubscribe: (() => void) | undefined;
    const forget = (): void => {
      waiting.delete(forget);
      unsubscribe?.();
    };
    waiting.add(forget);
    unsubscribe = response.subscribe(() => {
      if (started) return;
      started = true;
      // Out of the response's own emit: recording it subscribes again.
      queueMicrotask(() => {
        forget();
        onResponse(response);
      });
    });
  };
  scope[DEVTOOLS_HOOK] = hook;
  return () => {
    if (scope[DEVTOOLS_HOOK] === hook) Reflect.deleteProperty(globalThis, DEVTOOLS_HOOK);
    for (const forget of [...waiting]) forget();
  };
}

function isResponse(value: object): value is PatchStreamInput {
  const candidate = value as Partial<Record<keyof PatchStreamInput, unknown>>;
  return ['subscribe', 'observe', 'getData', 'start', 'abort'].every(
    (method) => typeof candidate[method as keyof PatchStreamInput] === 'function',
  );
}
