/** Why a path's `done` event fired (docs/patch-contract.md §3 rule 7, §4). */
export type CompletionSource = 'observed_boundary' | 'final_reconciliation' | 'synthetic_repair';

/**
 * The completion sources numbered from 1 (0: none), for stores that keep a number instead of the
 * string (the response's event log, the store's shared field records): one table for both.
 */
export const COMPLETION_SOURCES: readonly (CompletionSource | undefined)[] = [
  undefined,
  'observed_boundary',
  'final_reconciliation',
  'synthetic_repair',
];

/**
 * One field-level patch. Field names match the Agently wire format so a browser can consume a
 * Python Agently backend's instant stream unchanged.
 */
export type StreamingData = {
  /** `summary`, `risk_flags[0]`, `meta.score`, `[0].title`, `a["x y"]`, `$reasoning`. */
  path: string;
  /** `path` with every index replaced by `[*]`. */
  wildcard_path: string;
  /** The indexes of `path`, in path order. */
  indexes: number[];
  /** Text added to this path by this event (`''` when none). */
  delta: string;
  /** The current value at `path` after this event. */
  value: unknown;
  /** True exactly on the path's `done` event. */
  is_complete: boolean;
  event_type: 'delta' | 'done';
  /** Present on `done` events. */
  completion_source?: CompletionSource;
};

/** The reserved path for reasoning text (a leading `<think>` block). */
export const REASONING_PATH = '$reasoning';
