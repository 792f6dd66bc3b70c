// Character classes of the JSON stream tokenizer (char codes; ASCII fast paths first). Whitespace is
// the lenient reader's (`isJsonWhitespace`): both read the same JSON5 text.
import { isJsonWhitespace } from './json-characters';

/** A character of a bare word in value position: a number, `true`/`false`/`null`, `Infinity`, `NaN`. */
export function isWordChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) || // 0-9
    ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) || // A-Z a-z
    code === 0x2d || // -
    code === 0x2b || // +
    code === 0x2e || // .
    code === 0x5f || // _
    code === 0x24 // $
  );
}

/** A character of an unquoted object key (JSON5 identifiers, leniently: also digits, `-`, non-ASCII). */
export function isKeyChar(code: number): boolean {
  if (code >= 0x80) return !isJsonWhitespace(code);
  return (
    (code >= 0x30 && code <= 0x39) ||
    ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) ||
    code === 0x5f ||
    code === 0x24 ||
    code === 0x2d
  );
}

/** The value of a hex digit, or -1. */
export function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}
