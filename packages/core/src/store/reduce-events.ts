import { isContainer } from '../patch/container';
import type { PatchTree } from '../patch/patch-tree';
import { type PathSegment, parsePath } from '../patch/path';
import { REASONING_PATH, type StreamingData } from '../patch/streaming-data';
import type { ChunkEvent, ResponseEvent } from '../response/response-events';
import type { FormatName } from '../schema/select-format';
import { TOOLS_PATH } from '../tools/tool-calls';
import { retryExtrasOf } from './check-store-input';
import { type FieldRecord, fieldRecord } from './field-record';
import { type FieldStoreState, isTerminalStatus, type RetryState } from './field-store-state';
import { type ParsedPath, type PathTrail, parsePatchPath, placedPath } from './patch-path';
import type { PathChanges } from './path-listeners';
import { shareFinal } from './share-final';
import { createSnapshot, partsOf, type SnapshotParts } from './snapshot';
import type { StoreInput } from './store-input';
import { applyToolPatch, NO_TOOL_CALLS } from './tool-calls-state';

/** What a retry does to the fields of the failed attempt. */
export type RetryBehaviour = 'keep-stale' | 'clear';

/**
 * Applies inputs — batches of response events, or pushed chunks of a response's log (each its
 * patches of one attempt) — in order to a snapshot and returns the next snapshot (the same object
 * when nothing changed). The patches are written into the store's `tree`, inside an update the
 * caller began (and commits, or rolls back when this throws). Rules:
 * - events of an older attempt are dropped; the first event of a newer attempt starts a retry;
 * - nothing is applied after `done`, `error` or `aborted`;
 * - `final` replaces the streamed tree in this one update (the streamed tree is kept for
 *   reconciliation).
 * Throws `PathSyntaxError` when a patch path is malformed. `changes` receives the path of every
 * applied patch and of every container a write replaced (the caller decides separately when a
 * change touches every path).
 */
export function reduceEvents<Data>(
  state: FieldStoreState<Data>,
  inputs: readonly StoreInput[],
  onRetry: RetryBehaviour,
  changes: PathChanges,
  tree: PatchTree<FieldRecord>,
  trail: PathTrail,
): FieldStoreState<Data> {
  // A batch object with methods rather than closures: this runs once per streamed chunk.
  const batch = new Batch(state, onRetry, changes, tree);
  for (let input = 0; input < inputs.length; input++) {
    const events = inputs[input] as StoreInput;
    if (Array.isArray(events)) {
      const list = events as readonly ResponseEvent[];
      for (let i = 0; i < list.length; i++) {
        const event = list[i] as ResponseEvent | undefined;
        // A hole is skipped; every patch's path is parsed, even one its attempt drops.
        const data = patchOf(event);
        const target = data === undefined ? undefined : parsePatchPath(data, trail);
        if (event !== undefined) batch.apply(event, target);
      }
    } else {
      // A pushed chunk from a response's log is its patches as the parser made them (no event each).
      // A chunk from a patch stream's reader brings its places: no path is parsed again here.
      const { attempt, patches, places } = events as ChunkEvent;
      for (let i = 0; i < patches.length; i++) {
        const data = patches[i] as StreamingData;
        // A delta the next patch of its path supersedes writes nothing that update keeps: the next
        // one's value and record replace it, and its path is parsed with that patch.
        if (data.event_type === 'delta' && nextPatchPath(inputs, input, i, attempt) === data.path) continue;
        const place = places?.[i];
        const target = place === undefined ? parsePatchPath(data, trail) : placedPath(data, place, trail);
        batch.applyPatch(attempt, data, target);
      }
    }
  }
  batch.flush();
  return batch.edited === undefined ? state : createSnapshot(batch.edited);
}

/** The path of the patch after `patches[i]` of chunk `inputs[input]`, when it is of the same attempt. */
function nextPatchPath(inputs: readonly StoreInput[], input: number, i: number, attempt: number): string | undefined {
  let chunk = inputs[input] as ChunkEvent;
  if (i + 1 >= chunk.patches.length) {
    const next = inputs[input + 1];
    if (next === undefined || Array.isArray(next)) return undefined;
    chunk = next as ChunkEvent;
    i = -1;
  }
  return chunk.attempt === attempt ? chunk.patches[i + 1]?.path : undefined;
}

function patchOf(event: ResponseEvent | undefined): StreamingData | undefined {
  return event?.type === 'patch' ? event.data : undefined;
}

// Fields are `declare`d and set once by the constructor (class fields would define each first).
class Batch<Data> {
  declare readonly state: FieldStoreState<Data>;
  declare readonly onRetry: RetryBehaviour;
  declare readonly changes: PathChanges;
  declare readonly tree: PatchTree<FieldRecord>;
  /** The snapshot being made, once something changed. */
  declare edited: Draft<Data> | undefined;
  /** What the next event applies to: the edited snapshot, or the original while nothing changed. */
  declare next: Draft<Data> | FieldStoreState<Data>;

  constructor(
    state: FieldStoreState<Data>,
    onRetry: RetryBehaviour,
    changes: PathChanges,
    tree: PatchTree<FieldRecord>,
  ) {
    this.state = state;
    this.onRetry = onRetry;
    this.changes = changes;
    this.tree = tree;
    this.edited = undefined;
    this.next = state;
  }

  edit(): Draft<Data> {
    this.edited ??= partsOf(this.state);
    this.next = this.edited;
    return this.edited;
  }

  apply(event: ResponseEvent, target: ParsedPath | undefined): void {
    const newer = event.attempt > this.next.attempt;
    if (!this.#enter(event.type, event.attempt)) return;
    switch (event.type) {
      case 'attempt':
        this.#attempt(event, newer);
        return;
      case 'status':
        this.#status(event);
        return;
      case 'patch':
        this.#patch(event.data, target);
        return;
      case 'final': {
        this.flush();
        const draft = this.edit();
        Object.assign(draft, { status: 'done', final: event.data as Data, hasFinal: true, reconnecting: undefined });
        draft.streamed = shareFinal(draft.data, event.data);
        draft.data = event.data;
        return;
      }
      case 'error':
        Object.assign(this.edit(), { status: 'error', error: event.error, reconnecting: undefined });
        return;
      case 'aborted':
        Object.assign(this.edit(), { status: 'aborted', reconnecting: undefined });
        return;
      case 'connection': {
        // The gap of a resumable stream: `status` keeps what the response was doing.
        const reconnecting =
          event.state === 'open' ? undefined : Object.freeze({ retry: event.retry, delayMs: event.delayMs });
        if (reconnecting !== undefined || this.next.reconnecting !== undefined) this.edit().reconnecting = reconnecting;
        return;
      }
      case 'text':
        return;
    }
  }

  /** A `patch` event's data, without the event. */
  applyPatch(attempt: number, data: StreamingData, target: ParsedPath | undefined): void {
    if (this.#enter('patch', attempt)) this.#patch(data, target);
  }

  /** Whether an event of `type` and `attempt` applies; the first event of a newer attempt starts a retry. */
  #enter(type: ResponseEvent['type'], attempt: number): boolean {
    const next = this.next;
    if (isClosedTo(next, type) || attempt < next.attempt) return false;
    if (attempt > next.attempt) {
      // A retry's tool calls are its own: the failed attempt's calls go.
      Object.assign(this.edit(), { attempt, toolCalls: NO_TOOL_CALLS });
      if (this.onRetry === 'clear') {
        this.tree.clear();
        this.edit().reasoning = '';
      }
    }
    return true;
  }
  /**
   * The first attempt streams at once. A retry's attempt (a newer one, or the one a held
   * `retrying` waits for) advances `attempt` but keeps `retrying` until its first patch, and
   * completes the retry record with its reason and format.
   */
  #attempt(event: AttemptEvent, newer: boolean): void {
    const next = this.next;
    if (event.attempt > 0 && (newer || (next.status === 'retrying' && next.retry?.attempt === event.attempt))) {
      this.#retry(event.attempt, event, event.format);
      if (next.status !== 'retrying') this.edit().status = 'retrying';
    } else if (next.status !== 'streaming') this.edit().status = 'streaming';
  }

  #status(event: StatusEvent): void {
    const { status, attempt } = event;
    // Reported by the failed attempt: the retry runs the next one.
    if (status === 'retrying') this.#retry(attempt + 1, event, undefined);
    // The retried attempt's request started: `retrying` stays until its first patch.
    else if (status === 'streaming' && isHeld(this.next, attempt)) return;
    if (this.next.status !== status) this.edit().status = status;
  }

  /**
   * Makes or completes the record of the retry that runs `attempt`, from a `status: 'retrying'`
   * or `attempt` event; the current object stays when nothing in it changes.
   */
  #retry(attempt: number, event: ResponseEvent, format: FormatName | undefined): void {
    const before = this.next.retry;
    const known = before?.attempt === attempt ? before : undefined;
    const extras = retryExtrasOf(event);
    const retry: RetryState = {
      attempt,
      reason: extras.reason ?? known?.reason,
      message: extras.message ?? known?.message,
      delayMs: extras.retryDelayMs ?? known?.delayMs ?? 0,
      format: format ?? known?.format,
      path: extras.path ?? known?.path,
    };
    if (before === undefined || !sameRetry(before, retry)) this.edit().retry = Object.freeze(retry);
  }

  #patch(data: StreamingData, target: ParsedPath | undefined): void {
    const status = this.next.status;
    // The first patch of the retried attempt ends `retrying` (a late patch of the failed one does not).
    if (status === 'idle' || (status === 'retrying' && this.next.attempt >= (this.next.retry?.attempt ?? 0))) {
      this.edit().status = 'streaming';
    }
    const next = this.next;
    if (target === undefined) {
      if (data.path === REASONING_PATH && typeof data.value === 'string' && next.reasoning !== data.value) {
        this.edit().reasoning = data.value;
      } else if (data.path.startsWith(TOOLS_PATH)) {
        const toolCalls = applyToolPatch(next.toolCalls, data, next.attempt);
        if (toolCalls !== next.toolCalls) {
          this.edit().toolCalls = toolCalls;
          // Subscribers of `$tools[0].arguments.query` (useInstantField) hear about their path.
          this.changes.paths?.push(parsePath(data.path));
        }
      }
      return;
    }
    const [segments, key] = target;
    const tree = this.tree;
    writePatch(tree, data, segments);
    this.changes.paths?.push(segments);
    const record = tree.recordOf(key);
    if (
      record?.isComplete !== data.is_complete ||
      record.completionSource !== data.completion_source ||
      record.attempt !== next.attempt
    ) {
      tree.setRecord(key, fieldRecord(data.is_complete, data.completion_source, next.attempt));
    }
  }

  /** Moves what the tree wrote into the snapshot (before `final`, which reads the streamed tree). */
  flush(): void {
    const tree = this.tree;
    if (!tree.changed) return;
    const draft = this.edit();
    draft.data = tree.root;
    draft.records = tree.records;
    draft.update = tree.update;
    const paths = this.changes.paths;
    if (paths !== undefined) for (const replaced of tree.replaced) paths.push(replaced);
    tree.changed = false;
    tree.replaced = [];
  }
}

type AttemptEvent = Extract<ResponseEvent, { type: 'attempt' }>;
type StatusEvent = Extract<ResponseEvent, { type: 'status' }>;

/**
 * Whether the `streaming` status of `attempt` keeps `retrying`: it is the retried attempt, whose
 * output the store will see as patches (a `text` attempt has none, so it streams at once).
 */
function isHeld(state: Pick<FieldStoreState<unknown>, 'status' | 'retry'>, attempt: number): boolean {
  const retry = state.retry;
  return state.status === 'retrying' && retry?.attempt === attempt && retry.format !== 'text';
}

function sameRetry(a: RetryState, b: RetryState): boolean {
  return (
    a.attempt === b.attempt &&
    a.reason === b.reason &&
    a.message === b.message &&
    a.delayMs === b.delayMs &&
    a.format === b.format &&
    a.path === b.path
  );
}

/** After `done` only a late `final` is still accepted; after `error`, `aborted` or a final, nothing. */
function isClosedTo(
  state: Pick<FieldStoreState<unknown>, 'status' | 'hasFinal'>,
  type: ResponseEvent['type'],
): boolean {
  if (state.hasFinal) return true;
  if (state.status === 'done') return type !== 'final';
  return isTerminalStatus(state.status);
}

/** A snapshot being edited. */
type Draft<Data> = { -readonly [K in keyof SnapshotParts<Data>]: SnapshotParts<Data>[K] };

function writePatch(tree: PatchTree<FieldRecord>, data: StreamingData, segments: readonly PathSegment[]): void {
  const value = data.value;
  if (!isContainer(value) || !isContainerKind(tree.read(segments), Array.isArray(value))) {
    tree.write(segments, value);
  } else if (data.event_type === 'done') {
    tree.settle(segments, value);
  }
  // An opening delta keeps a container of the same kind (with any stale children) as it is.
}

function isContainerKind(node: unknown, array: boolean): boolean {
  return isContainer(node) && Array.isArray(node) === array;
}
