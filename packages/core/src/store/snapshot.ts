import type { FieldstreamError } from '../errors/errors';
import type { ResponseStatus } from '../response/response-events';
import type { FieldRecord } from './field-record';
import type { FieldStoreState, ReconnectState, RetryState } from './field-store-state';
import { PathMap } from './path-map';
import { NO_TOOL_CALLS, type ToolCalls } from './tool-calls-state';
import { materialise, type Tree } from './tree-node';

const NONE: PathMap<readonly Cover[]> = PathMap.empty();

/** What a snapshot is made of: its fields, with its trees as trees (never their plain values). */
export type SnapshotParts<Data> = Omit<FieldStoreState<Data>, 'data' | 'streamed'> & {
  readonly data: Tree;
  readonly streamed: Tree;
  /**
   * The containers an update wrote whole, newest first per path, keyed like `fields`: each one's
   * record stands for every path of its value that has no newer record of its own (decision 0027).
   */
  readonly covered: PathMap<readonly Cover[]>;
};

/**
 * A snapshot whose `data` and `streamed` are the store's persistent trees, turned into plain
 * values only when read (then cached per node): an update costs the written paths, and a plain
 * tree is built only for snapshots something reads. `data` and `streamed` are getters on the
 * prototype (an object spread of a snapshot does not copy them; read them by name).
 */
class Snapshot<Data> implements FieldStoreState<Data> {
  // The fields, declared one by one: a class with a fixed shape is what makes a snapshot cheap.
  // `declare`: the constructor sets each once (a class field would define it first, then be set).
  declare readonly status: ResponseStatus;
  declare readonly attempt: number;
  declare readonly reasoning: string;
  declare readonly error: FieldstreamError | undefined;
  declare readonly final: Data | undefined;
  declare readonly hasFinal: boolean;
  declare readonly fields: PathMap<FieldRecord>;
  declare readonly retry: RetryState | undefined;
  declare readonly toolCalls: ToolCalls;
  declare readonly reconnecting: ReconnectState | undefined;
  readonly #data: Tree;
  readonly #streamed: Tree;
  readonly #covered: PathMap<readonly Cover[]>;

  constructor(parts: NewSnapshotParts<Data>) {
    this.status = parts.status;
    this.attempt = parts.attempt;
    this.reasoning = parts.reasoning;
    this.error = parts.error;
    this.final = parts.final;
    this.hasFinal = parts.hasFinal;
    this.fields = parts.fields;
    this.retry = parts.retry;
    this.toolCalls = parts.toolCalls ?? NO_TOOL_CALLS;
    this.reconnecting = parts.reconnecting;
    this.#data = parts.data;
    this.#streamed = parts.streamed;
    this.#covered = parts.covered;
  }

  get data(): unknown {
    return materialise(this.#data);
  }

  get streamed(): unknown {
    return materialise(this.#streamed);
  }

  static dataTree(state: Snapshot<unknown>): Tree {
    return state.#data;
  }

  static streamedTree(state: Snapshot<unknown>): Tree {
    return state.#streamed;
  }

  static covered(state: Snapshot<unknown>): PathMap<readonly Cover[]> {
    return state.#covered;
  }
}

/** What `createSnapshot` takes: the parts, with `retry`, `toolCalls` and `reconnecting` absent for none. */
type NewSnapshotParts<Data> = Omit<SnapshotParts<Data>, 'retry' | 'toolCalls' | 'reconnecting'> & {
  readonly retry?: RetryState | undefined;
  readonly toolCalls?: ToolCalls;
  readonly reconnecting?: ReconnectState | undefined;
};

export function createSnapshot<Data>(parts: NewSnapshotParts<Data>): FieldStoreState<Data> {
  return new Snapshot(parts);
}

/** The parts of a snapshot, to make the next one from (an object spread copies its fields only). */
export function partsOf<Data>(state: FieldStoreState<Data>): SnapshotParts<Data> {
  // Property by property (not a spread): one object shape, made once per update.
  return {
    status: state.status,
    attempt: state.attempt,
    reasoning: state.reasoning,
    error: state.error,
    final: state.final,
    hasFinal: state.hasFinal,
    fields: state.fields,
    retry: state.retry,
    toolCalls: state.toolCalls,
    reconnecting: state.reconnecting,
    data: dataTree(state),
    streamed: streamedTree(state),
    covered: coveredRecords(state),
  };
}

/** The data tree of a snapshot (its plain value for snapshots not made by `createSnapshot`). */
export function dataTree(state: FieldStoreState<unknown>): Tree {
  return state instanceof Snapshot ? Snapshot.dataTree(state) : state.data;
}

/** The streamed tree kept for reconciliation. */
export function streamedTree(state: FieldStoreState<unknown>): Tree {
  return state instanceof Snapshot ? Snapshot.streamedTree(state) : state.streamed;
}

/** A container an update wrote whole: the value written (the container's `done` value) and its record. */
export type Cover = { readonly value: unknown; readonly record: FieldRecord };

/** The containers written whole (`SnapshotParts.covered`); none for a snapshot not made here. */
export function coveredRecords(state: FieldStoreState<unknown>): PathMap<readonly Cover[]> {
  return state instanceof Snapshot ? Snapshot.covered(state) : NONE;
}
