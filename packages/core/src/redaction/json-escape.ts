import { type EscapeReader, hexNumber } from './escape';

/** The characters that stand for themselves after a `\`: `"`, `\` and `/`. */
const ESCAPED_AS_THEMSELVES = new Set([34, 92, 47]);
const LETTER_U = 117;

/**
 * Reads a JSON string escape: `\u002f` (hex digits of either case; also `\U002F`, as a text
 * upper-cased with the key writes it), `\/`, `\"` or `\\`. Not `\b`, `\f`, `\n`, `\r` or `\t`: they
 * stand for control characters no key holds, and read as escapes they would take the first letter
 * of a piece written just after a stray `\`, leaving too little of the piece to match; read as
 * written, the letter starts the piece.
 */
export const readJsonEscape: EscapeReader = (units, start) => {
  if (units.length < start + 2) return 'more';
  const letter = units[start + 1]!;
  if ((letter | 0x20) !== LETTER_U)
    return ESCAPED_AS_THEMSELVES.has(letter) ? { length: 2, codePoint: letter } : undefined;
  const codePoint = hexNumber(units, start + 2, 4);
  return typeof codePoint === 'number' ? { length: 6, codePoint } : codePoint;
};
