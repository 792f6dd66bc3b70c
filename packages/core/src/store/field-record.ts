import { COMPLETION_SOURCES, type CompletionSource } from '../patch/streaming-data';

/**
 * What the store records per streamed path. The rest of a field's state (its value, `stale`,
 * `reconciled`) is derived from the trees by `selectField`, so a delta that only grows a string
 * touches the data tree and nothing else.
 */
export type FieldRecord = {
  readonly isComplete: boolean;
  readonly completionSource: CompletionSource | undefined;
  /** The attempt that last wrote the path. */
  readonly attempt: number;
};

/**
 * The record for these values, shared by every path (and store) with the same ones: thousands of
 * paths hold a handful of distinct records.
 */
export function fieldRecord(
  isComplete: boolean,
  completionSource: CompletionSource | undefined,
  attempt: number,
): FieldRecord {
  const source = COMPLETION_SOURCES.indexOf(completionSource);
  // A source outside the union (a hand-dispatched event) gets a record of its own.
  if (source < 0) return newRecord(isComplete, completionSource, attempt);
  let slots = records.get(attempt);
  if (slots === undefined) {
    if (records.size >= MAX_ATTEMPTS) records.clear();
    slots = [];
    records.set(attempt, slots);
  }
  const slot = source * 2 + (isComplete ? 1 : 0);
  slots[slot] ??= newRecord(isComplete, completionSource, attempt);
  return slots[slot];
}

// A function of its own, not a closure made per call (this runs per record write).
function newRecord(isComplete: boolean, completionSource: CompletionSource | undefined, attempt: number): FieldRecord {
  return Object.freeze({ isComplete, completionSource, attempt });
}

/** Per attempt, the records by source and completeness (no key string: this runs per record write). */
const records = new Map<number, FieldRecord[]>();
const MAX_ATTEMPTS = 256;
