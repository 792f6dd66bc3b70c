import { createStore } from 'zustand/vanilla';
import { checkFunction, checkObject, checkOneOf } from '../errors/check-argument';
import { errorMessage } from '../errors/error-message';
import { FieldstreamError } from '../errors/errors';
import { isolateListener } from '../errors/listener-errors';
import { PatchTree } from '../patch/patch-tree';
import { pushEach } from '../patch/push-each';
import type { StreamingData } from '../patch/streaming-data';
import type { ChunkEvent, ResponseEvent, ResponseSource } from '../response/response-events';
import { checkChunkPatches, checkEvents, checkPatches, checkSource } from './check-store-input';
import type { FieldRecord } from './field-record';
import { type FieldState, selectField } from './field-state';
import { type FieldStoreState, initialFieldStoreState } from './field-store-state';
import { pathTrail } from './patch-path';
import { type PathChanges, PathListeners } from './path-listeners';
import { type RetryBehaviour, reduceEvents } from './reduce-events';
import type { StoreInput } from './store-input';

/** How a subscriber hears about a response's streamed chunks. */
export type SubscribeOptions = {
  /**
   * For a subscriber that reads the state on its own schedule (a UI that draws once per frame):
   * the store does not apply a response's streamed chunks as they come for it. They wait until
   * the state is read (`getState`, `getField`), or until a subscriber without this option needs
   * them, and are then applied as one update, which the subscriber hears about as usual.
   * `onPending` is called when a chunk starts waiting, so the subscriber can schedule that read;
   * everything else (a status, the final data, an error) applies and notifies at once.
   */
  onPending?: () => void;
};

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
  subscribe(
    listener: (state: FieldStoreState<Data>, previous: FieldStoreState<Data>) => void,
    options?: SubscribeOptions,
  ): () => void;
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
    options?: SubscribeOptions,
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
  const tree = new PatchTree<FieldRecord>();
  // Whether the current snapshot may be held outside the store (read, or sent to a listener): the
  // next update then copies what it writes into instead of writing in place (decision 0015).
  let exposed = false;
  const trail = pathTrail();
  // The chunks the source sent before anything subscribed, not applied yet: nothing can tell
  // an update that no one hears from one made at the next read, so the store applies them together
  // then (one update, one snapshot), at the source's next other event, or once they hold
  // `MAX_PENDING` patches.
  let pending: StoreInput[] = [];
  let pendingPatches = 0;
  // Set by the first subscription without `onPending`: from then on every input applies at once.
  let listening = false;
  // The subscriptions that last: each is sent the snapshot before an update as `previous`.
  let listeners = 0;
  // The `onPending` of each subscription that has one (called once however many passed it).
  const pendingWatchers = new Map<() => void, { readonly notify: () => void; count: number }>();

  // Applies checked inputs as one update (`apply` checks its patches once, not twice).
  const update = (inputs: readonly StoreInput[]): void => {
    const current = api.getState();
    const changes: PathChanges = { all: false, paths: pathListeners.empty ? undefined : [] };
    // With a listener, `current` is the `previous` it is sent: it must not change either.
    tree.begin(exposed || listeners > 0);
    let next: FieldStoreState<Data>;
    try {
      next = reduceEvents(current, inputs, onRetry, changes, tree, trail);
    } catch (cause) {
      tree.rollback();
      throw cause;
    }
    tree.commit();
    if (next === current) return;
    // A listener is sent the new snapshot and may keep it after it unsubscribes.
    exposed = listeners > 0;
    api.setState(next, true);
    changes.all ||= touchesEveryPath(current, next);
    pathListeners.notify(changes, next, current);
  };

  // Brings the state up to date before anything reads it or writes to it.
  const flush = (): void => {
    if (pending.length === 0) return;
    const inputs = pending;
    pending = [];
    pendingPatches = 0;
    try {
      update(inputs);
    } catch {
      // One of them cannot be applied: apply them one by one, as they would have been, so what
      // came before it stays and it becomes the store's error.
      for (const input of inputs) {
        try {
          update([input]);
        } catch (cause) {
          failed(cause);
        }
      }
    }
  };

  const dispatch = (events: ResponseEvent | readonly ResponseEvent[]): void => {
    checkEvents(events);
    flush();
    update([Array.isArray(events) ? events : [events as ResponseEvent]]);
  };

  // A malformed patch from a source must not throw into the source: it becomes the store's error.
  // A response's pushed chunk comes as it is (its patches, no event around each).
  const receive = (events: StoreInput): void => {
    if (!attached) return;
    try {
      if (isChunk(events)) checkChunkPatches(events.patches);
      else checkEvents(events);
    } catch (cause) {
      failed(cause);
      return;
    }
    pending.push(events);
    if (isChunk(events)) pendingPatches += events.patches.length;
    // With a listener everything applies at once; without, anything but patches (an attempt, a
    // status, the final data, an error) applies at once with what waits, so the store holds
    // nothing back once the response has ended.
    if (listening || !isChunk(events) || pendingPatches >= MAX_PENDING) flush();
    else if (pending.length === 1) for (const watcher of [...pendingWatchers.values()]) watcher.notify();
  };

  // The replayed history: checked as one batch, applied as one update, each run of patches as a
  // chunk (a pushed chunk as it came), so a delta its path's next patch supersedes is skipped.
  const receiveHistory = (history: readonly StoreInput[]): void => {
    const inputs: StoreInput[] = [];
    try {
      for (const input of history) {
        if (isChunk(input)) {
          checkChunkPatches(input.patches);
          inputs.push(input);
        } else {
          checkEvents(input);
          pushEach(inputs, historyInputs(input));
        }
      }
    } catch (cause) {
      failed(cause);
      return;
    }
    pushEach(pending, inputs);
    flush();
  };

  // A subscription: its `onPending` joins the watchers while it lasts; one without makes the store listen.
  const follow = (options: SubscribeOptions | undefined, unsubscribe: () => void): (() => void) => {
    const onPending = options?.onPending;
    let watcher: { readonly notify: () => void; count: number } | undefined;
    if (onPending === undefined) listening = true;
    else {
      watcher = pendingWatchers.get(onPending) ?? { notify: isolateListener('store onPending', onPending), count: 0 };
      watcher.count++;
      pendingWatchers.set(onPending, watcher);
    }
    listeners++;
    let active = true;
    return () => {
      unsubscribe();
      if (!active) return;
      active = false;
      listeners--;
      if (watcher !== undefined && --watcher.count === 0) pendingWatchers.delete(onPending as () => void);
    };
  };

  const failed = (cause: unknown): void => {
    const message = `The response sent a patch the store cannot apply: ${errorMessage(cause)}`;
    const error = new FieldstreamError('STORE_INVALID_PATCH', message, { cause, attempt: api.getState().attempt });
    dispatch({ type: 'error', attempt: api.getState().attempt, error });
  };

  let unsubscribe = (): void => {};
  if (source !== undefined) {
    // What the source gives while it subscribes us (its history): events gathered, chunks as they are.
    let replay: (ResponseEvent[] | ChunkEvent)[] | undefined = [];
    const take = (events: readonly ResponseEvent[]): void => {
      const last = replay?.[replay.length - 1];
      if (replay === undefined) receive(events);
      else if (Array.isArray(last)) pushEach(last, events);
      else replay.push([...events]);
    };
    const takeChunk = (chunk: ChunkEvent): void => {
      if (replay === undefined) receive(chunk);
      else replay.push(chunk);
    };
    // One path: a response hands over each pushed chunk (one update per chunk); a hand-made
    // source with only `subscribe` is followed an event at a time.
    unsubscribe =
      typeof source.subscribeChunks === 'function'
        ? source.subscribeChunks({ events: take, patches: takeChunk })
        : source.subscribe((event) => take([event]));
    const history = replay;
    replay = undefined;
    receiveHistory(history);
  }

  return {
    getState: () => {
      flush();
      exposed = true;
      return api.getState();
    },
    getInitialState: api.getInitialState,
    subscribe: (listener, options) => {
      const isolatedListener = isolated('store.subscribe', listener, options);
      flush();
      return follow(options, api.subscribe(isolatedListener));
    },
    subscribePath: (path, listener, options) => {
      const isolatedListener = isolated('store.subscribePath', listener, options);
      flush();
      return follow(options, pathListeners.subscribe(path, isolatedListener));
    },
    apply: (patches) => {
      checkPatches(patches);
      flush();
      update([patches.map((data) => ({ type: 'patch', attempt: api.getState().attempt, data }))]);
    },
    dispatch,
    getField: (path) => {
      flush();
      exposed = true;
      return selectField(api.getState(), path);
    },
    detach: () => {
      flush();
      attached = false;
      unsubscribe();
    },
  };
}

/** The most patches a store with no listener holds back before applying them. */
const MAX_PENDING = 1024;

/**
 * A replayed history as a store takes it in: each run of one attempt's patches as a chunk (so a
 * superseded delta is skipped), every other event in a list.
 */
function historyInputs(history: readonly ResponseEvent[]): StoreInput[] {
  const inputs: (ResponseEvent[] | (ChunkEvent & { patches: StreamingData[] }))[] = [];
  for (const event of history) {
    const last = inputs[inputs.length - 1];
    if (event.type !== 'patch') {
      if (Array.isArray(last)) last.push(event);
      else inputs.push([event]);
    } else if (last !== undefined && !Array.isArray(last) && last.attempt === event.attempt)
      last.patches.push(event.data);
    else inputs.push({ type: 'chunk', attempt: event.attempt, text: '', patches: [event.data] });
  }
  return inputs;
}

function isChunk(events: StoreInput): events is ChunkEvent {
  return !Array.isArray(events);
}

/** A subscriber's listener, checked, in a new function that reports what it throws instead of throwing. */
function isolated<State>(
  where: 'store.subscribe' | 'store.subscribePath',
  listener: (state: State, previous: State) => void,
  options: SubscribeOptions | undefined,
): (state: State, previous: State) => void {
  checkFunction(`${where} listener`, listener);
  if (options !== undefined) {
    checkObject(`${where} options`, options);
    if (options.onPending !== undefined) checkFunction(`${where} options.onPending`, options.onPending);
  }
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
    before.streamed !== after.streamed
  );
}
