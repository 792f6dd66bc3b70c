import type { FieldstreamError } from '../errors/errors';
import { type Records, recordIn } from '../patch/patch-tree';
import type { ResponseStatus } from '../response/response-events';
import type { FieldRecord } from './field-record';
import type { FieldStoreState, ReconnectState, RetryState } from './field-store-state';
import { NO_TOOL_CALLS, type ToolCalls } from './tool-calls-state';

/** What a snapshot is made of: its fields, with its records as the store keeps them. */
export type SnapshotParts<Data> = Omit<FieldStoreState<Data>, 'fields'> & {
  /** The store's records and the update this snapshot ends (it reads each path's record as of then). */
  readonly records: Records<FieldRecord>;
  readonly update: number;
};

const NO_RECORDS: Records<FieldRecord> = new Map();

/**
 * A store's snapshot. Its trees are the store's own plain values, sealed (decision 0015): the
 * store copies a container before writing into one a snapshot holds. Records<FieldRecord> are read as of the
 * snapshot's update; `fields` lists them as a map, built on first read.
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
  declare readonly data: unknown;
  declare readonly streamed: unknown;
  declare readonly retry: RetryState | undefined;
  declare readonly toolCalls: ToolCalls;
  declare readonly reconnecting: ReconnectState | undefined;
  readonly #records: Records<FieldRecord>;
  readonly #update: number;
  #fields: ReadonlyMap<string, FieldRecord> | undefined;

  constructor(parts: NewSnapshotParts<Data>) {
    this.status = parts.status;
    this.attempt = parts.attempt;
    this.reasoning = parts.reasoning;
    this.error = parts.error;
    this.final = parts.final;
    this.hasFinal = parts.hasFinal;
    this.data = parts.data;
    this.streamed = parts.streamed;
    this.retry = parts.retry;
    this.toolCalls = parts.toolCalls ?? NO_TOOL_CALLS;
    this.reconnecting = parts.reconnecting;
    this.#records = parts.records;
    this.#update = parts.update;
  }

  get fields(): ReadonlyMap<string, FieldRecord> {
    if (this.#fields === undefined) {
      const fields = new Map<string, FieldRecord>();
      for (const key of this.#records.keys()) {
        const record = recordIn(this.#records, key, this.#update);
        if (record !== undefined) fields.set(key, record);
      }
      this.#fields = fields;
    }
    return this.#fields;
  }

  static recordAt(state: Snapshot<unknown>, key: string): FieldRecord | undefined {
    return recordIn(state.#records, key, state.#update);
  }

  static records(state: Snapshot<unknown>): Records<FieldRecord> {
    return state.#records;
  }

  static update(state: Snapshot<unknown>): number {
    return state.#update;
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
    data: state.data,
    streamed: state.streamed,
    retry: state.retry,
    toolCalls: state.toolCalls,
    reconnecting: state.reconnecting,
    records: recordsOf(state),
    update: updateOf(state),
  };
}

/** The record of `key` in a snapshot (none for a snapshot not made by the store). */
export function recordAt(state: FieldStoreState<unknown>, key: string): FieldRecord | undefined {
  return state instanceof Snapshot ? Snapshot.recordAt(state, key) : state.fields.get(key);
}

function recordsOf(state: FieldStoreState<unknown>): Records<FieldRecord> {
  return state instanceof Snapshot ? Snapshot.records(state) : NO_RECORDS;
}

function updateOf(state: FieldStoreState<unknown>): number {
  return state instanceof Snapshot ? Snapshot.update(state) : 0;
}
