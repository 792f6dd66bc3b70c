import { applyPatch } from '../patch/apply-patch';
import { formatPath, type PathSegment, parsePath } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';
import type { JsonValue } from '../tools/tool-calls';
import { type FieldRecord, fieldRecord } from './field-record';

/** One tool call as a store shows it while it streams (docs/patch-contract.md §5, `$tools`). */
export type ToolCallState = {
  /** The call's position among the attempt's calls (0 first): its fields are `$tools[index]…`. */
  readonly index: number;
  /** The provider's call id (`''` until it arrives). */
  readonly id: string;
  /** The tool's name (`''` until it arrives). */
  readonly name: string;
  /** The arguments so far (strings growing, scalars once complete); the parsed arguments once complete. */
  readonly arguments: JsonValue | undefined;
  /** The call is complete: its arguments are final. */
  readonly isComplete: boolean;
};

/**
 * The `$tools` channel of a store: the calls' values as one tree (a list; own keys only,
 * `applyPatch`) and a record per path for `done` per argument and per call. `selectToolCalls`
 * lists the calls. A retry starts empty.
 */
export type ToolCalls = {
  readonly tree: readonly JsonValue[];
  readonly records: ReadonlyMap<string, FieldRecord>;
};

/** No calls (yet, or since the last retry). */
export const NO_TOOL_CALLS: ToolCalls = Object.freeze({ tree: [], records: new Map<string, FieldRecord>() });

/** `$tools[0].arguments.q` → `[0, 'arguments', 'q']` and its record key `[0].arguments.q`. */
function toolSegments(path: string): PathSegment[] {
  return parsePath(path).slice(1);
}

/** Applies one `$tools` patch. */
export function applyToolPatch(state: ToolCalls, data: StreamingData, attempt: number): ToolCalls {
  const segments = toolSegments(data.path);
  const index = segments[0];
  // Calls open in order; a patch of a call that never opened (a hostile stream) is dropped.
  if (typeof index !== 'number' || index > state.tree.length) return state;
  try {
    // A list stays a list: the first segment is always an index (checked above).
    const tree = applyPatch(state.tree, segments, data.value) as readonly JsonValue[];
    const record = fieldRecord(data.is_complete, data.completion_source, attempt);
    // A copy per patch: a call's arguments are a handful of paths.
    return { tree, records: new Map(state.records).set(formatPath(segments), record) };
  } catch {
    return state; // an index past the end of an argument list: nothing a parser emits
  }
}
