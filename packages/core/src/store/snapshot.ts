import type { FieldstreamError } from '../errors/errors';
import type { ResponseStatus } from '../response/response-events';
import type { FieldRecord, FieldStoreState } from './field-store-state';
import type { PathMap } from './path-map';
import { materialise, type Tree } from './tree-node';

/** A snapshot's fields other than its two trees. */
export type SnapshotFields<Data> = Omit<FieldStoreState<Data>, 'data' | 'streamed'>;

/**
 * A snapshot whose `data` and `streamed` are the store's persistent trees, turned into plain
 * values only when read (then cached per node): an update costs the written paths, and a plain
 * tree is built only for snapshots something reads. `data` and `streamed` are getters on the
 * prototype (an object spread of a snapshot does not copy them; read them by name).
 */
class Snapshot<Data> implements FieldStoreState<Data> {
  // The fields, declared one by one: a class with a fixed shape is what makes a snapshot cheap.
  readonly status: ResponseStatus;
  readonly attempt: number;
  readonly reasoning: string;
  readonly error: FieldstreamError | undefined;
  readonly final: Data | undefined;
  readonly hasFinal: boolean;
  readonly fields: PathMap<FieldRecord>;
  readonly #data: Tree;
  readonly #streamed: Tree;
  readonly #settled: FieldRecord | undefined;

  constructor(fields: SnapshotFields<Data>, data: Tree, streamed: Tree, settled: FieldRecord | undefined) {
    ({
      status: this.status,
      attempt: this.attempt,
      reasoning: this.reasoning,
      error: this.error,
      final: this.final,
      hasFinal: this.hasFinal,
      fields: this.fields,
    } = fields);
    this.#data = data;
    this.#streamed = streamed;
    this.#settled = settled;
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

  static settledRecord(state: Snapshot<unknown>): FieldRecord | undefined {
    return state.#settled;
  }
}

export function createSnapshot<Data>(
  fields: SnapshotFields<Data>,
  data: Tree,
  streamed: Tree,
  settled?: FieldRecord,
): FieldStoreState<Data> {
  return new Snapshot(fields, data, streamed, settled);
}

/** The data tree of a snapshot (its plain value for snapshots not made by `createSnapshot`). */
export function dataTree(state: FieldStoreState<unknown>): Tree {
  return state instanceof Snapshot ? Snapshot.dataTree(state) : state.data;
}

/** The streamed tree kept for reconciliation. */
export function streamedTree(state: FieldStoreState<unknown>): Tree {
  return state instanceof Snapshot ? Snapshot.streamedTree(state) : state.streamed;
}

/** The record folded away at `final` (see `settleRecords`): what a streamed path without its own reads. */
export function settledRecord(state: FieldStoreState<unknown>): FieldRecord | undefined {
  return state instanceof Snapshot ? Snapshot.settledRecord(state) : undefined;
}
