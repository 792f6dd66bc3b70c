import { deepEqual } from '../patch/deep-equal';
import { readAt } from '../patch/patch-tree';
import { formatPath, type PathSegment, parsePath } from '../patch/path';
import type { CompletionSource } from '../patch/streaming-data';
import type { Streamed } from '../schema/streamed';
import { TOOLS_PATH } from '../tools/tool-calls';
import type { FieldRecord } from './field-record';
import type { FieldStoreState } from './field-store-state';
import { recordAt } from './snapshot';
import type { ToolCalls } from './tool-calls-state';

/** How the final data settled a path: kept as streamed, changed, or gone. */
export type FieldReconciliation = 'confirmed' | 'changed' | 'removed';

/**
 * The state of one path, as a field component shows it. `Value` is the type of the finished value
 * at the path (the typed hooks infer it from the schema); `value` is typed as it streams.
 */
export type FieldState<Value = unknown> = {
  /** The value on screen: streamed so far, or the final value once the final data arrived. */
  readonly value: Streamed<Value> | undefined;
  readonly isComplete: boolean;
  /** Why the path completed; `synthetic_repair` and `final_reconciliation` mean provisional. */
  readonly completionSource: CompletionSource | undefined;
  /** The attempt that last wrote the path (`undefined`: never streamed). */
  readonly attempt: number | undefined;
  /** Written by a failed attempt and not yet rewritten by the current one. */
  readonly stale: boolean;
  /** Set for every path once the final data arrived. */
  readonly reconciled: FieldReconciliation | undefined;
  /**
   * Why the failed attempt's value here was rejected (a field check stopped that attempt and the
   * response retries), until the retried attempt rewrites the path. Decision 0022.
   */
  readonly rejected: string | undefined;
};

/**
 * The state of `path` in a snapshot. Pure and not memoised: for a selector that keeps its result's
 * identity while the path is unchanged (what `Object.is` subscribers need), use
 * {@link fieldSelector}.
 */
export function selectField(state: FieldStoreState, path: string): FieldState {
  const segments = parsePath(path);
  return computeField(state, formatPath(segments), segments, deepEqual);
}

/**
 * A selector for one path that returns the very same object for as long as the path's state is
 * unchanged, so `Object.is` tells subscribers exactly when their field changed.
 */
export function fieldSelector(path: string): (state: FieldStoreState) => FieldState {
  const segments = parsePath(path);
  const key = formatPath(segments);
  let last: FieldState | undefined;
  // Reconciliation compares subtrees once per (streamed, final) pair, not once per call.
  let compared = { before: NOT_COMPARED as unknown, after: NOT_COMPARED as unknown, equal: false };
  const equalOnce = (before: unknown, after: unknown): boolean => {
    if (compared.before !== before || compared.after !== after) {
      compared = { before, after, equal: deepEqual(before, after) };
    }
    return compared.equal;
  };
  return (state) => {
    const next = computeField(state, key, segments, equalOnce);
    if (last !== undefined && sameFieldState(last, next)) return last;
    last = next;
    return next;
  };
}

const NOT_COMPARED = Symbol('not compared');

/** True when every property of the two field states is `Object.is`-equal. */
export function sameFieldState(a: FieldState, b: FieldState): boolean {
  return (
    Object.is(a.value, b.value) &&
    a.isComplete === b.isComplete &&
    a.completionSource === b.completionSource &&
    a.attempt === b.attempt &&
    a.stale === b.stale &&
    a.reconciled === b.reconciled &&
    a.rejected === b.rejected
  );
}

/** A field's phase, for progress displays. */
export type FieldPhase = 'pending' | 'streaming' | 'complete' | FieldReconciliation;

export function fieldPhase(field: FieldState): FieldPhase {
  if (field.reconciled !== undefined) return field.reconciled;
  if (field.isComplete) return 'complete';
  return field.value === undefined ? 'pending' : 'streaming';
}

/** True for a value shown before it is settled: repaired, reconciled by the parser, or stale. */
export function isProvisional(field: FieldState): boolean {
  if (field.reconciled !== undefined) return false;
  return (
    field.stale || field.completionSource === 'synthetic_repair' || field.completionSource === 'final_reconciliation'
  );
}

function computeField(
  state: FieldStoreState,
  key: string,
  segments: readonly PathSegment[],
  equal: (before: unknown, after: unknown) => boolean,
): FieldState {
  // `$tools[0].arguments.query`: a tool call's field (docs/patch-contract.md §5), never in the data tree.
  if (segments[0] === TOOLS_PATH) return toolField(state.toolCalls, segments, state.attempt);
  const record = recordAt(state, key);
  const value = readAt(state.data, segments) as FieldState['value'];
  if (!state.hasFinal) {
    return {
      value,
      isComplete: record?.isComplete ?? false,
      completionSource: record?.completionSource,
      attempt: record?.attempt,
      stale: record !== undefined && record.attempt < state.attempt,
      reconciled: undefined,
      rejected: rejectionAt(state, key, record),
    };
  }
  const before = readAt(state.streamed, segments);
  // A path that was streamed (even if a later attempt dropped it) and is absent from the final data is removed.
  const streamed = before !== undefined || record !== undefined;
  const reconciled: FieldReconciliation =
    value === undefined && streamed ? 'removed' : equal(before, value) ? 'confirmed' : 'changed';
  const observed = reconciled === 'confirmed' && record?.completionSource === 'observed_boundary';
  return {
    value,
    isComplete: true,
    completionSource: observed ? 'observed_boundary' : 'final_reconciliation',
    attempt: record?.attempt,
    stale: false,
    reconciled,
    rejected: undefined,
  };
}

/** The field state of a `$tools…` path (`$tools[0].arguments.query`) for `getField` and the hooks. */
function toolField(state: ToolCalls, segments: readonly PathSegment[], attempt: number): FieldState {
  const rest = segments.slice(1);
  const record = state.records.get(formatPath(rest));
  return {
    value: readAt(state.tree, rest) as FieldState['value'],
    isComplete: record?.isComplete ?? false,
    completionSource: record?.completionSource,
    attempt: record?.attempt,
    stale: record !== undefined && record.attempt < attempt,
    reconciled: undefined,
    // Field checks judge the output's fields only: a tool call's argument is never rejected.
    rejected: undefined,
  };
}

/** The retry's reason when it was caused by this field and the retried attempt has not rewritten it. */
function rejectionAt(state: FieldStoreState, key: string, record: FieldRecord | undefined): string | undefined {
  const retry = state.retry;
  if (retry?.path !== key || record === undefined || record.attempt >= retry.attempt) return undefined;
  return retry.message ?? retry.reason;
}
