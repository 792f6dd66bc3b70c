import { createStore } from 'zustand/vanilla';
import { checkFunction, checkObject, checkOneOf } from '../errors/check-argument';
import { FieldstreamError } from '../errors/errors';
import { isolateListener } from '../errors/listener-errors';
import type { StreamingData } from '../patch/streaming-data';
import type { ChunkEvent, ResponseEvent, ResponseSource } from '../response/response-events';
import { checkChunkPatches, checkEvents, checkPatches, checkSource } from './check-store-input';
import { type FieldState, selectField } from './field-state';
import { type FieldStoreState, initialFieldStoreState } from './field-store-state';
import { pathTrail } from './patch-path';
import { type PathChanges, PathListeners } from './path-listeners';
import { type RecordCursor, type RetryBehaviour, reduceEvents } from './reduce-events';
import { streamedTree } from './snapshot';

export type FieldStoreOptions = {
  /**
   * What a retry does to the failed attempt's fields. `'keep-stale'` (default): they stay
   * visible, marked `stale`, until the new attempt writes them. `'clear'`: they disappear at once.
   */
  onRetry?: RetryBehaviour;
};

/**
 * A zustand vanilla store of one response's fields. Read it with `getState` and `subscribe` (the
 * zustand contract, without a public `setState`); feed it with `apply`/`dispatch` or by binding it
 * to a response source.
 *
 * `Data` is the final data's type (`final`, `useFinalData`). `Input` is type-only: what streams, the
 * schema's input side (`InferInput`), which a Standard Schema's transforms, defaults and pipes turn
 * into `Data` only at the end; the field hooks type streamed values as `Streamed<Input>`. A store
 * made from a response takes both from it (`ModelResponse<Data, Input>`). Left `unknown` (an untyped
 * source), the hooks take `Data` for it, which is true of the tuple DSL, JSON Schema and Standard
 * Schemas without transforms.
 */
// biome-ignore lint/correctness/noUnusedVariables: `Input` is type-only, read by the field hooks.
export interface FieldStore<Data = unknown, Input = unknown> {
  getState(): FieldStoreState<Data>;
  getInitialState(): FieldStoreState<Data>;
  /** Calls `listener` after every change with the new and the previous snapshot. */
  subscribe(listener: (state: FieldStoreState<Data>, previous: FieldStoreState<Data>) => void): () => void;
  /**
   * Like `subscribe`, but only for updates that may change the state of `path` (a concrete path
   * such as `items[2].name`): a write to the path, to one of its ancestors or descendants, or a
   * change that touches every path (status, error, retry, final data). Lets a field's subscriber
   * skip the updates of other fields. A path with a wildcard hears about every update. Throws
   * `PathSyntaxError` for a malformed path.
   */
  subscribePath(
    path: string,
    listener: (state: FieldStoreState<Data>, previous: FieldStoreState<Data>) => void,
  ): () => void;
  /** Applies patches to the current attempt, in one update. Throws `PathSyntaxError` (applying none) for a bad path. */
  apply(patches: readonly StreamingData[]): void;
  /** Applies response events (attempts, patches, status, final, error, aborted) in one update. */
  dispatch(events: ResponseEvent | readonly ResponseEvent[]): void;
  /** The state of one path now (not memoised; selectors should use `fieldSelector`). */
  getField(path: string): FieldState;
  /** Stops following the source; later events are not applied. Idempotent. */
  detach(): void;
}

/**
 * Creates a field store, optionally bound to a response source: it then follows the source's
 * attempts, drops patches of aborted or superseded attempts, and swaps in the final data in one
 * update. Events the source replays on subscription are applied as one batch. `Data` comes from a
 * typed source (`createResponse` with an `output`); name it for an untyped one
 * (`createFieldStore<Incident>(source)`).
 */
export function createFieldStore<Data = unknown, Input = unknown>(
  source?: ResponseSource<Data, Input> | ResponseSource,
  options: FieldStoreOptions = {},
): FieldStore<Data, Input> {
  checkSource(source);
  checkObject('createFieldStore options', options);
  if (options.onRetry !== undefined)
    checkOneOf('createFieldStore options.onRetry', options.onRetry, ['keep-stale', 'clear']);
  const onRetry = options.onRetry ?? 'keep-stale';
  const api = createStore<FieldStoreState<Data>>()(() => initialFieldStoreState<Data>());
  const pathListeners = new PathListeners<FieldStoreState<Data>>();
  let attached = source !== undefined;
  const cursor: RecordCursor = { fields: undefined, key: '', position: -1 };
  const trail = pathTrail();

  // Applies a batch of checked events, or a response's pushed chunk, as one update (`apply`
  // checks its patches once, not twice).
  const update = (batch: readonly ResponseEvent[] | ChunkEvent): void => {
    const current = api.getState();
    const changes: PathChanges = { all: false, paths: [] };
    const next = reduceEvents(current, batch, onRetry, changes, cursor, trail);
    if (next === current) return;
    api.setState(next, true);
    changes.all ||= touchesEveryPath(current, next);
    pathListeners.notify(changes, next, current);
  };

  const dispatch = (events: ResponseEvent | readonly ResponseEvent[]): void => {
    checkEvents(events);
    update(Array.isArray(events) ? events : [events as ResponseEvent]);
  };

  // A malformed patch from a source must not throw into the source: it becomes the store's error.
  // A response's pushed chunk comes as it is (its patches, no event around each).
  const receive = (events: readonly ResponseEvent[] | ChunkEvent): void => {
    if (!attached) return;
    try {
      if (isChunk(events)) {
        checkChunkPatches(events.patches);
        update(events);
      } else dispatch(events);
    } catch (cause) {
      const message = `The response sent a patch the store cannot apply: ${(cause as Error).message}`;
      const error = new FieldstreamError('STORE_INVALID_PATCH', message, { cause, attempt: api.getState().attempt });
      dispatch({ type: 'error', attempt: api.getState().attempt, error });
    }
  };

  let unsubscribe = (): void => {};
  if (source !== undefined) {
    let replay: ResponseEvent[] | undefined = [];
    const take = (events: readonly ResponseEvent[]): void => {
      if (replay !== undefined) replay.push(...events);
      else receive(events);
    };
    const takeChunk = (chunk: ChunkEvent): void => {
      if (replay === undefined) receive(chunk);
      else for (const data of chunk.patches) replay.push({ type: 'patch', attempt: chunk.attempt, data });
    };
    // One path: a response hands over each pushed chunk (one update per chunk); a hand-made
    // source with only `subscribe` is followed an event at a time.
    unsubscribe =
      typeof source.subscribeChunks === 'function'
        ? source.subscribeChunks({ events: take, patches: takeChunk })
        : source.subscribe((event) => take([event]));
    const history = replay;
    replay = undefined;
    receive(history);
  }

  return {
    getState: api.getState,
    getInitialState: api.getInitialState,
    subscribe: (listener) => api.subscribe(isolated('store.subscribe', listener)),
    subscribePath: (path, listener) => pathListeners.subscribe(path, isolated('store.subscribePath', listener)),
    apply: (patches) => {
      checkPatches(patches);
      update(patches.map((data) => ({ type: 'patch', attempt: api.getState().attempt, data })));
    },
    dispatch,
    getField: (path) => selectField(api.getState(), path),
    detach: () => {
      attached = false;
      unsubscribe();
    },
  };
}

function isChunk(events: readonly ResponseEvent[] | ChunkEvent): events is ChunkEvent {
  return !Array.isArray(events);
}

/** A subscriber's listener, checked, in a new function that reports what it throws instead of throwing. */
function isolated<State>(
  where: 'store.subscribe' | 'store.subscribePath',
  listener: (state: State, previous: State) => void,
): (state: State, previous: State) => void {
  checkFunction(`${where} listener`, listener);
  return isolateListener(where, listener);
}

/**
 * Whether an update changes what every path's subscriber may see: a path's state depends on the
 * attempt (`stale`), the final data (`reconciled`), and hooks may throw on `status: 'error'`.
 */
function touchesEveryPath(before: FieldStoreState<unknown>, after: FieldStoreState<unknown>): boolean {
  return (
    before.status !== after.status ||
    before.attempt !== after.attempt ||
    before.error !== after.error ||
    before.hasFinal !== after.hasFinal ||
    before.final !== after.final ||
    streamedTree(before) !== streamedTree(after)
  );
}
