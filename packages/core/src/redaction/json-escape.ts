import { type EscapeReader, hexNumber } from './escape';

/** What `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r` and `\t` stand for. */
const SHORT_ESCAPES = new Map(
  [...'"\\/bfnrt'].map((char, i) => [char.charCodeAt(0), [34, 92, 47, 8, 12, 10, 13, 9][i]!]),
);
const LETTER_U = 117;

/**
 * Reads a JSON string escape: `\u002f` (hex digits of either case; also `\U002F`, as a text
 * upper-cased with the key writes it), `\/`, `\"`, `\\`, `\b`, `\f`, `\n`, `\r` or `\t`.
 */
export const readJsonEscape: EscapeReader = (units, start) => {
  if (units.length < start + 2) return 'more';
  const letter = units[start + 1]!;
  if ((letter | 0x20) !== LETTER_U) {
    const codePoint = SHORT_ESCAPES.get(letter);
    return codePoint === undefined ? undefined : { length: 2, codePoint };
  }
  const codePoint = hexNumber(units, start + 2, 4);
  return typeof codePoint === 'number' ? { length: 6, codePoint } : codePoint;
};
