import { formatPath, type PathSegment, parsePath } from '../patch/path';
import { REASONING_PATH, type StreamingData } from '../patch/streaming-data';
import type { ResponseEvent } from '../response/response-events';
import { type FieldRecord, type FieldStoreState, fieldRecord, isTerminalStatus } from './field-store-state';
import type { PathChanges } from './path-listeners';
import { PathMap } from './path-map';
import { settleRecords } from './settle-records';
import { shareFinal } from './share-final';
import { createSnapshot, dataTree, partsOf, type SnapshotParts } from './snapshot';
import { TreeDraft } from './tree-draft';
import { isContainer, isContainerKind, type Tree } from './tree-node';

/** What a retry does to the fields of the failed attempt. */
export type RetryBehaviour = 'keep-stale' | 'clear';

/**
 * Applies a batch of response events to a snapshot and returns the next snapshot (the same
 * object when nothing changed). The batch shares one tree draft. Rules:
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
  events: readonly ResponseEvent[],
  onRetry: RetryBehaviour,
  changes: PathChanges,
): FieldStoreState<Data> {
  // Parse every path first so a malformed one leaves the snapshot untouched.
  const parsed = events.map((event) => (event.type === 'patch' ? parsePatchPath(event.data) : undefined));
  let edited: Draft<Data> | undefined;
  let next: Draft<Data> | FieldStoreState<Data> = state;
  let tree: TreeDraft | undefined;
  const edit = (): Draft<Data> => {
    edited ??= partsOf(state);
    next = edited;
    return edited;
  };

  events.forEach((event, i) => {
    if (isClosedTo(next, event) || event.attempt < next.attempt) return;
    if (event.attempt > next.attempt) {
      edit().attempt = event.attempt;
      if (onRetry === 'clear') {
        tree = new TreeDraft(undefined);
        Object.assign(edit(), { fields: PathMap.empty(), reasoning: '' });
      }
    }
    switch (event.type) {
      case 'attempt':
        if (next.status !== 'streaming') edit().status = 'streaming';
        return;
      case 'status':
        if (next.status !== event.status) edit().status = event.status;
        return;
      case 'patch': {
        if (next.status === 'idle') edit().status = 'streaming';
        const { data } = event;
        const target = parsed[i];
        if (target === undefined) {
          if (data.path === REASONING_PATH && typeof data.value === 'string' && next.reasoning !== data.value) {
            edit().reasoning = data.value;
          }
          return;
        }
        const [segments, key] = target;
        tree ??= new TreeDraft(dataTree(next));
        writePatch(tree, data, segments);
        changes.paths.push(segments);
        const record = next.fields.get(key);
        if (
          record?.isComplete !== data.is_complete ||
          record.completionSource !== data.completion_source ||
          record.attempt !== next.attempt
        ) {
          edit().fields = next.fields.set(key, fieldRecord(data.is_complete, data.completion_source, next.attempt));
        }
        return;
      }
      case 'final': {
        flush();
        const draft = edit();
        Object.assign(draft, { status: 'done', final: event.data as Data, hasFinal: true });
        ({ fields: draft.fields, settled: draft.settled } = settleRecords(draft.fields, draft.data));
        draft.streamed = shareFinal(draft.data, event.data);
        draft.data = event.data;
        return;
      }
      case 'error':
        Object.assign(edit(), { status: 'error', error: event.error });
        return;
      case 'aborted':
        edit().status = 'aborted';
        return;
      case 'text':
        return;
    }
  });
  flush();
  return edited === undefined ? state : createSnapshot(edited);

  // Moves the tree draft into the snapshot (before `final`, which reads the streamed tree).
  function flush(): void {
    if (tree === undefined) return;
    if (tree.root !== dataTree(next)) edit().data = tree.root;
    changes.paths.push(...tree.replaced);
    tree = undefined;
  }
}

/** After `done` only a late `final` is still accepted; after `error`, `aborted` or a final, nothing. */
function isClosedTo(state: FieldStoreState<unknown>, event: ResponseEvent): boolean {
  if (state.hasFinal) return true;
  if (state.status === 'done') return event.type !== 'final';
  return isTerminalStatus(state.status);
}

/** A snapshot being edited. */
type Draft<Data> = { -readonly [K in keyof SnapshotParts<Data>]: SnapshotParts<Data>[K] };

/** `undefined` for reserved `$` channels, which never enter the data tree. */
function parsePatchPath({ path }: StreamingData): ParsedPath | undefined {
  if (path.startsWith('$')) return undefined;
  let parsed = parsedPaths.get(path);
  if (parsed === undefined) {
    const segments = parsePath(path);
    const key = formatPath(segments);
    // The event's own string when it is canonical: the source keeps it anyway, so the key is free.
    parsed = [segments, key === path ? path : key];
    if (path.length <= CACHED_PATH_LENGTH) {
      if (parsedPaths.size >= CACHED_PATHS) parsedPaths.clear();
      parsedPaths.set(path, parsed);
    }
  }
  return parsed;
}

/** A patch path's segments and its record key (the canonical path). */
type ParsedPath = readonly [segments: readonly PathSegment[], key: string];

/** Every delta of a field repeats its path: parse each path once (a bounded cache of short paths). */
const parsedPaths = new Map<string, ParsedPath>();
const CACHED_PATHS = 4096;
const CACHED_PATH_LENGTH = 256;

function writePatch(tree: TreeDraft, data: StreamingData, segments: readonly PathSegment[]): void {
  const value = data.value;
  if (!isContainer(value) || !isContainerKind(tree.read(segments), Array.isArray(value))) {
    tree.write(segments, value);
  } else if (data.event_type === 'done') {
    tree.settleContainer(segments, value);
  }
  // An opening delta keeps a container of the same kind (with any stale children) as it is.
}
