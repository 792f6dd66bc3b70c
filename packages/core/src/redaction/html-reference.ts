import { hexValue } from '../formats/json/json-stream-chars';
import type { Escape, EscapeReader } from './escape';

const HASH = 35;
const SEMICOLON = 59;
const LETTER_X = 120;
/** The named references of the characters HTML escapes (read in any case: `&AMP;` too). */
const NAMED = new Map([
  ['amp', 38],
  ['lt', 60],
  ['gt', 62],
  ['quot', 34],
  ['apos', 39],
]);
const LONGEST_NAME = 4;

/**
 * Reads an HTML character reference ending in `;`: decimal `&#45;`, hex `&#x2d;` / `&#X2D;` (leading
 * zeros allowed up to the 7 decimal or 6 hex digits a code point can take, so at most 10 units), or
 * `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`.
 */
export const readHtmlReference: EscapeReader = (units, start) => {
  if (units.length < start + 2) return 'more';
  return units[start + 1] === HASH ? readNumeric(units, start) : readNamed(units, start);
};

function readNumeric(units: readonly number[], start: number): Escape | 'more' | undefined {
  if (units.length < start + 3) return 'more';
  const radix = (units[start + 2]! | 0x20) === LETTER_X ? 16 : 10;
  const digits = start + (radix === 16 ? 3 : 2);
  const maxDigits = radix === 16 ? 6 : 7;
  let codePoint = 0;
  for (let i = digits; ; i++) {
    if (i >= units.length) return 'more';
    if (units[i] === SEMICOLON)
      return i > digits && codePoint <= 0x10ffff ? { length: i + 1 - start, codePoint } : undefined;
    const digit = hexValue(units[i]!);
    if (digit < 0 || digit >= radix || i - digits === maxDigits) return undefined;
    codePoint = codePoint * radix + digit;
  }
}

function readNamed(units: readonly number[], start: number): Escape | 'more' | undefined {
  let name = '';
  for (let i = start + 1; i < units.length; i++) {
    const unit = units[i]!;
    if (unit === SEMICOLON) {
      const codePoint = NAMED.get(name);
      return codePoint === undefined ? undefined : { length: i + 1 - start, codePoint };
    }
    const letter = unit | 0x20;
    if (letter < 97 || letter > 122 || name.length === LONGEST_NAME) return undefined;
    name += String.fromCharCode(letter);
  }
  return [...NAMED.keys()].some((known) => known.startsWith(name)) ? 'more' : undefined;
}
