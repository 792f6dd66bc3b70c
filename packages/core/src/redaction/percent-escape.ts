import { type EscapeReader, hexNumber } from './escape';
import { isUtf8Continuation, utf8CodePoint, utf8Length } from './utf8-sequence';

const PERCENT = 37;

/**
 * Reads a percent escape (hex digits of either case): `%2F` for an ASCII character, and a
 * multi-byte character's UTF-8 bytes as one escape (`%C3%A9` for `é`), only when they form a valid
 * sequence (a lone `%C3` is read as written). At most 12 units (`%F0%9F%94%91`).
 */
export const readPercentEscape: EscapeReader = (units, start) => {
  const bytes: number[] = [];
  let count = 1;
  for (let index = 0; index < count; index++) {
    const at = start + 3 * index;
    if (at >= units.length) return 'more';
    if (units[at] !== PERCENT) return undefined;
    const byte = hexNumber(units, at + 1, 2);
    if (typeof byte !== 'number') return byte;
    if (index === 0) count = utf8Length(byte);
    else if (!isUtf8Continuation(bytes[0]!, index, byte)) return undefined;
    bytes.push(byte);
  }
  return count === 0 ? undefined : { length: 3 * count, codePoint: utf8CodePoint(bytes) };
};
