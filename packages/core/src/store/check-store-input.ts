import { checkObject, checkOneOf, invalid } from '../errors/check-argument';
import { isRecord } from '../patch/container';
import type { StreamingData } from '../patch/streaming-data';
import type { ResponseEvent } from '../response/response-events';

const EVENT_TYPES = ['attempt', 'status', 'patch', 'text', 'final', 'error', 'aborted', 'connection'];

/**
 * Entry checks of `store.apply`: a list of patches, each with a string path and no wildcard
 * (`a[*]` is a pattern for reading, not a place to write). List indexes are checked where they
 * are written (`checkListIndex`), against the list's length at that moment.
 */
export function checkPatches(patches: unknown): asserts patches is readonly StreamingData[] {
  if (!Array.isArray(patches)) throw invalid('store.apply patches', 'a list of patches', patches);
  patches.forEach((patch, i) => {
    checkPatch(`store.apply patches[${i}]`, patch);
  });
}

function checkPatch(where: string, patch: unknown): void {
  checkObject(where, patch);
  if (typeof patch.path !== 'string') throw invalid(`${where}.path`, 'a path string', patch.path);
  if (hasWildcard(patch.path)) {
    throw invalid(`${where}.path`, 'a concrete path (a wildcard [*] cannot be written)', patch.path);
  }
}

/** `[*]` outside quoted keys (`["[*]"]` is a key, not a wildcard). */
function hasWildcard(path: string): boolean {
  // Without a `*` there is none (removing quoted keys cannot make one).
  return path.includes('*') && path.replace(/\["(?:[^"\\]|\\.)*"\]/g, '').includes('[*]');
}

/** Entry checks of `store.dispatch`: one response event or a list of them, of known types. */
export function checkEvents(events: unknown): void {
  if (!Array.isArray(events)) {
    checkEvent('store.dispatch events', events);
    return;
  }
  // A plain loop, and the `where` of an event built only when it fails: this runs per streamed chunk.
  for (let i = 0; i < events.length; i++) {
    const event: unknown = events[i];
    // A hole is skipped, as the reducer skips it.
    if (!isWellFormed(event) && i in events) checkEvent(`store.dispatch events[${i}]`, event);
  }
}

function checkEvent(where: string, event: unknown): void {
  checkObject(where, event);
  checkOneOf(`${where}.type`, event.type, EVENT_TYPES);
  if (event.type === 'patch') checkPatch(`${where}.data`, event.data);
}

/** What `checkEvent` accepts, tested without building a message. */
function isWellFormed(event: unknown): boolean {
  // `includes` is false for a type that is not a string.
  if (!isRecord(event) || !EVENT_TYPES.includes(event.type as string)) return false;
  return event.type !== 'patch' || isWellFormedPatch(event.data);
}

function isWellFormedPatch(data: unknown): boolean {
  return isRecord(data) && typeof data.path === 'string' && !hasWildcard(data.path);
}

/** The checks `checkEvents` makes of a `patch` event's data, for a chunk's patches handed over as they are. */
export function checkChunkPatches(patches: readonly unknown[]): void {
  for (let i = 0; i < patches.length; i++) {
    if (!isWellFormedPatch(patches[i])) checkPatch(`the chunk's patches[${i}]`, patches[i]);
  }
}

/** `createFieldStore`'s source: anything with a `subscribe(listener)` (a response). */
export function checkSource(source: unknown): void {
  if (source === undefined) return;
  const subscribe = (source as { subscribe?: unknown } | null)?.subscribe;
  if (source === null || typeof source !== 'object' || typeof subscribe !== 'function') {
    throw invalid('createFieldStore source', 'a response (an object with subscribe)', source);
  }
}

/**
 * What the store reads of a retry beyond the `ResponseEvent` fields: `status: 'retrying'` and the
 * retry's `attempt` event may carry the failure in words (`message`), and the status its code
 * (`reason`), for sources that send them. Optional extras, so a value of another type (or a
 * negative delay) is read as absent, never an error: the retry is still shown, without it.
 */
export type RetryEventExtras = {
  readonly reason?: string;
  readonly message?: string;
  readonly retryDelayMs?: number;
  readonly path?: string;
};

/** The extras of a `status` or `attempt` event, each `undefined` unless present and well-formed. */
export function retryExtrasOf(event: ResponseEvent): {
  readonly reason: string | undefined;
  readonly message: string | undefined;
  readonly retryDelayMs: number | undefined;
  readonly path: string | undefined;
} {
  const { reason, message, retryDelayMs, path } = event as { [K in keyof RetryEventExtras]?: unknown };
  return {
    reason: typeof reason === 'string' ? reason : undefined,
    message: typeof message === 'string' ? message : undefined,
    path: typeof path === 'string' ? path : undefined,
    retryDelayMs:
      typeof retryDelayMs === 'number' && Number.isFinite(retryDelayMs) && retryDelayMs >= 0 ? retryDelayMs : undefined,
  };
}
