import { isContainer } from '../patch/container';
import { type PathSegment, parsePath } from '../patch/path';
import { REASONING_PATH, type StreamingData } from '../patch/streaming-data';
import type { ChunkEvent, ResponseEvent } from '../response/response-events';
import type { FormatName } from '../schema/select-format';
import { TOOLS_PATH } from '../tools/tool-calls';
import { retryExtrasOf } from './check-store-input';
import { closedSpans } from './closed-spans';
import { type FieldRecord, fieldRecord } from './field-record';
import { type FieldStoreState, isTerminalStatus, type RetryState } from './field-store-state';
import { type ParsedPath, type PathTrail, parsePatchPath, placedPath } from './patch-path';
import type { PathChanges } from './path-listeners';
import { PathMap } from './path-map';
import { shareFinal } from './share-final';
import { createSnapshot, dataTree, partsOf, type SnapshotParts } from './snapshot';
import type { StoreInput } from './store-input';
import { applyToolPatch, NO_TOOL_CALLS } from './tool-calls-state';
import { TreeDraft } from './tree-draft';
import { isContainerKind } from './tree-node';

/** What a retry does to the fields of the failed attempt. */
export type RetryBehaviour = 'keep-stale' | 'clear';

/**
 * Applies inputs — batches of response events, or pushed chunks of a response's log (each its
 * patches of one attempt) — in order to a snapshot and returns the next snapshot (the same object
 * when nothing changed). The inputs share one tree draft. Rules:
 * - events of an older attempt are dropped; the first event of a newer attempt starts a retry;
 * - nothing is applied after `done`, `error` or `aborted`;
 * - `final` replaces the streamed tree in this one update (the streamed tree is kept for
 *   reconciliation).
 * Throws `PathSyntaxError` before changing anything when a patch path is malformed.
 * `changes` receives the path of every applied patch and of every container a write
 * replaced (the caller decides separately when a change touches every path).
 */
export function reduceEvents<Data>(
  state: FieldStoreState<Data>,
  inputs: readonly StoreInput[],
  onRetry: RetryBehaviour,
  changes: PathChanges,
  cursor: RecordCursor,
  trail: PathTrail,
): FieldStoreState<Data> {
  // One pass: a path is parsed as its patch comes (a patch a container written whole stands for is
  // never applied: its path was checked as the container's child). A malformed path throws before
  // the snapshot is made, so it leaves the store as it was: the batch writes only to its drafts.
  const ends = closedSpans(inputs);
  const spans = ends === undefined ? NO_SPANS : new SpanWalk(ends);
  // A batch object with methods rather than closures: this runs once per streamed chunk.
  const batch = new Batch(state, onRetry, changes, cursor);
  let at = 0;
  for (let input = 0; input < inputs.length; input++) {
    const events = inputs[input] as StoreInput;
    if (Array.isArray(events)) {
      const list = events as readonly ResponseEvent[];
      for (let i = 0; i < list.length; i++, at++) {
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
      for (let i = 0; i < patches.length; i++, at++) {
        const step = spans.step(at);
        if (step === SKIP) continue;
        const data = patches[i] as StreamingData;
        const place = places?.[i];
        const target = place === undefined ? parsePatchPath(data, trail) : placedPath(data, place, trail);
        batch.applyPatch(attempt, data, target, step === WHOLE);
      }
    }
  }
  batch.flush();
  return batch.edited === undefined ? state : createSnapshot(batch.edited);
}

const APPLY = 0;
const SKIP = 1;
const WHOLE = 2;

/** The update's patches in order, each applied, skipped, or (a span's `done`) applied whole. */
class SpanWalk {
  /** The end of the span being skipped (-1: none). */
  declare until: number;
  constructor(readonly ends: number[] | undefined) {
    this.until = -1;
  }

  step(at: number): typeof APPLY | typeof SKIP | typeof WHOLE {
    if (at < this.until) return SKIP;
    if (at === this.until) return WHOLE;
    const end = this.ends?.[at];
    if (end === undefined) return APPLY;
    this.until = end;
    return SKIP;
  }
}

/** The walk of an update without spans (it never changes: `until` moves only at a span's start). */
const NO_SPANS = new SpanWalk(undefined);

function patchOf(event: ResponseEvent | undefined): StreamingData | undefined {
  return event?.type === 'patch' ? event.data : undefined;
}

/** A store's last record lookup: the position of `key` in `fields` (one store's, kept between updates). */
export type RecordCursor = { fields: PathMap<FieldRecord> | undefined; key: string; position: number };

// Fields are `declare`d and set once by the constructor (class fields would define each first).
class Batch<Data> {
  declare readonly state: FieldStoreState<Data>;
  declare readonly onRetry: RetryBehaviour;
  declare readonly changes: PathChanges;
  declare readonly cursor: RecordCursor;
  /** The snapshot being made, once something changed. */
  declare edited: Draft<Data> | undefined;
  /** What the next event applies to: the edited snapshot, or the original while nothing changed. */
  declare next: Draft<Data> | FieldStoreState<Data>;
  declare tree: TreeDraft | undefined;

  constructor(state: FieldStoreState<Data>, onRetry: RetryBehaviour, changes: PathChanges, cursor: RecordCursor) {
    this.state = state;
    this.onRetry = onRetry;
    this.changes = changes;
    this.cursor = cursor;
    this.edited = undefined;
    this.next = state;
    this.tree = undefined;
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
        // Nothing writes records after the final data.
        this.cursor.fields = undefined;
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
  applyPatch(attempt: number, data: StreamingData, target: ParsedPath | undefined, whole = false): void {
    if (this.#enter('patch', attempt)) this.#patch(data, target, whole);
  }

  /** Whether an event of `type` and `attempt` applies; the first event of a newer attempt starts a retry. */
  #enter(type: ResponseEvent['type'], attempt: number): boolean {
    const next = this.next;
    if (isClosedTo(next, type) || attempt < next.attempt) return false;
    if (attempt > next.attempt) {
      // A retry's tool calls are its own: the failed attempt's calls go.
      Object.assign(this.edit(), { attempt, toolCalls: NO_TOOL_CALLS });
      if (this.onRetry === 'clear') {
        this.tree = new TreeDraft(undefined);
        Object.assign(this.edit(), { fields: PathMap.empty(), covered: PathMap.empty(), reasoning: '' });
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

  #patch(data: StreamingData, target: ParsedPath | undefined, whole = false): void {
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
    this.tree ??= new TreeDraft(dataTree(next));
    if (whole) {
      // A container streamed whole in this update: its `done` value is what its skipped patches
      // build, and its record stands for every path below it (decision 0027).
      this.tree.write(segments, data.value);
      const draft = this.edit();
      const cover = Object.freeze({ value: data.value, record: fieldRecord(true, 'observed_boundary', next.attempt) });
      // An earlier cover of the path stays for the paths only its value had (a retry, a repeated key).
      draft.covered = draft.covered.set(key, [cover, ...(draft.covered.get(key) ?? [])]);
    } else writePatch(this.tree, data, segments);
    this.changes.paths?.push(segments);
    // The deltas of a field come one after another: the cursor skips their key lookups.
    const { fields } = next;
    const cursor = this.cursor;
    const position = cursor.fields === fields && cursor.key === key ? cursor.position : fields.positionOf(key);
    const record = position < 0 ? undefined : fields.valueAt(position);
    let after = fields;
    if (
      record?.isComplete !== data.is_complete ||
      record.completionSource !== data.completion_source ||
      record.attempt !== next.attempt
    ) {
      after = fields.setAt(position, key, fieldRecord(data.is_complete, data.completion_source, next.attempt));
      this.edit().fields = after;
    }
    cursor.fields = after;
    cursor.key = key;
    cursor.position = position < 0 ? after.size - 1 : position;
  }

  /** Moves the tree draft into the snapshot (before `final`, which reads the streamed tree). */
  flush(): void {
    const tree = this.tree;
    if (tree === undefined) return;
    if (tree.root !== dataTree(this.next)) this.edit().data = tree.root;
    const paths = this.changes.paths;
    if (paths !== undefined) for (const replaced of tree.replaced) paths.push(replaced);
    this.tree = undefined;
  }
}

type AttemptEvent = Extract<ResponseEvent, { type: 'attempt' }>;
type StatusEvent = Extract<ResponseEvent, { type: 'status' }>;

/**
 * Whether the `streaming` status of `attempt` keeps `retrying`: it is the retried attempt, whose
 * output the store will see as patches (a `text` attempt has none, so it streams at once).
 */
function isHeld(state: FieldStoreState<unknown>, attempt: number): boolean {
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
function isClosedTo(state: FieldStoreState<unknown>, type: ResponseEvent['type']): boolean {
  if (state.hasFinal) return true;
  if (state.status === 'done') return type !== 'final';
  return isTerminalStatus(state.status);
}

/** A snapshot being edited. */
type Draft<Data> = { -readonly [K in keyof SnapshotParts<Data>]: SnapshotParts<Data>[K] };

function writePatch(tree: TreeDraft, data: StreamingData, segments: readonly PathSegment[]): void {
  const value = data.value;
  if (!isContainer(value) || !isContainerKind(tree.read(segments), Array.isArray(value))) {
    tree.write(segments, value);
  } else if (data.event_type === 'done') {
    tree.settleContainer(segments, value);
  }
  // An opening delta keeps a container of the same kind (with any stale children) as it is.
}
