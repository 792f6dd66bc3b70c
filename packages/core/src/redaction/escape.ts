import { hexValue } from '../formats/json/json-stream-chars';

/** An escape read in some code units: its `length` units stand for `codePoint`. */
export type Escape = { length: number; codePoint: number };

/**
 * Reads the escape at `start` of `units` (where a unit that introduces one is): the escape,
 * `'more'` while the units so far could still complete one, or `undefined` when none starts there.
 */
export type EscapeReader = (units: readonly number[], start: number) => Escape | 'more' | undefined;

/**
 * The value of the `count` hex digits at `start` of `units`: `'more'` when `units` ends before
 * them with digits only, `undefined` when a unit in the way is no hex digit.
 */
export function hexNumber(units: readonly number[], start: number, count: number): number | 'more' | undefined {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    if (i >= units.length) return 'more';
    const digit = hexValue(units[i]!);
    if (digit < 0) return undefined;
    value = value * 16 + digit;
  }
  return value;
}
