import { checkObject, checkOneOf, invalid } from '../errors/check-argument';
import type { StreamingData } from '../patch/streaming-data';

const EVENT_TYPES = ['attempt', 'status', 'patch', 'text', 'final', 'error', 'aborted'];

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
  return path.replace(/\["(?:[^"\\]|\\.)*"\]/g, '').includes('[*]');
}

/** Entry checks of `store.dispatch`: one response event or a list of them, of known types. */
export function checkEvents(events: unknown): void {
  const list = Array.isArray(events) ? events : [events];
  list.forEach((event, i) => {
    const where = Array.isArray(events) ? `store.dispatch events[${i}]` : 'store.dispatch events';
    checkObject(where, event);
    checkOneOf(`${where}.type`, event.type, EVENT_TYPES);
    if (event.type === 'patch') checkPatch(`${where}.data`, event.data);
  });
}

/** `createFieldStore`'s source: anything with a `subscribe(listener)` (a response). */
export function checkSource(source: unknown): void {
  if (source === undefined) return;
  const subscribe = (source as { subscribe?: unknown } | null)?.subscribe;
  if (source === null || typeof source !== 'object' || typeof subscribe !== 'function') {
    throw invalid('createFieldStore source', 'a response (an object with subscribe)', source);
  }
}
