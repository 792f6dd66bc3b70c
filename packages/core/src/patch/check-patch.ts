import { ArgumentError } from '../errors/argument-error';
import { invalid } from '../errors/check-argument';
import type { PathSegment } from './path-segment';

/**
 * A write may open at most one hole at the end of a list (index ≤ length + 1). A larger index
 * would make the writer allocate, and every later copy walk, the whole gap, so one hostile index
 * (`items[999999999]`) would stall the stream (decision 0012). Checked in O(1) at each list a write
 * passes through; `length` is 0 where no list exists yet.
 */
export function checkListIndex(length: number, index: number, path: () => string): void {
  if (index > length + 1) {
    throw new ArgumentError(
      'patch path',
      `Patch index ${index} at ${path()} is beyond the list's length (${length}) + 1: list items must be written in order`,
      'PATCH_INDEX_OUT_OF_RANGE',
    );
  }
}

/** Path segments: a list of keys (strings) and indexes (whole numbers ≥ 0). */
export function checkSegments(where: string, segments: unknown): asserts segments is readonly PathSegment[] {
  if (!Array.isArray(segments)) throw invalid(where, 'a list of path segments', segments);
  for (let i = 0; i < segments.length; i++) checkSegment(`${where}[${i}]`, segments[i]);
}

/** A key (string) or an index (a whole number ≥ 0). */
export function checkSegment(where: string, segment: unknown): void {
  if (typeof segment === 'string') return;
  if (typeof segment === 'number' && Number.isInteger(segment) && segment >= 0) return;
  throw invalid(where, 'a key (string) or an index (whole number ≥ 0)', segment);
}
