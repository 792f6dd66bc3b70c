import { skipDigits } from './json-characters';

/** Returned by {@link parseWord} for a word that is not a JSON(5) literal or number. */
export const NOT_A_VALUE: unique symbol = Symbol('not a value');

const LENIENT_NUMBER = /^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|0[xX][0-9a-fA-F]+|Infinity|NaN)$/;

/** The value of a word `JSON.parse` accepts: `true`, `false`, `null` or a JSON number; else {@link NOT_A_VALUE}. */
export function parseStrictWord(word: string): unknown {
  // By the first character: most words are numbers, and comparing strings costs more.
  const first = word.charCodeAt(0);
  if (first === 0x74) return word === 'true' ? true : NOT_A_VALUE;
  if (first === 0x66) return word === 'false' ? false : NOT_A_VALUE;
  if (first === 0x6e) return word === 'null' ? null : NOT_A_VALUE;
  return isStrictNumber(word) ? Number(word) : NOT_A_VALUE;
}

/** JSON's number grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, without a regular expression. */
function isStrictNumber(word: string): boolean {
  const length = word.length;
  let i = word.charCodeAt(0) === 0x2d ? 1 : 0;
  const lead = word.charCodeAt(i);
  if (lead === 0x30) i++;
  else if (lead >= 0x31 && lead <= 0x39) i = skipDigits(word, i + 1);
  else return false;
  if (i < length && word.charCodeAt(i) === 0x2e) {
    const digits = i + 1;
    i = skipDigits(word, digits);
    if (i === digits) return false;
  }
  if (i < length && (word.charCodeAt(i) | 0x20) === 0x65) {
    i++;
    const sign = word.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i++;
    const digits = i;
    i = skipDigits(word, digits);
    if (i === digits) return false;
  }
  return i === length;
}

/**
 * The value of a bare word: `true`, `false`, `null` (or Python's `True`, `False`, `None`), a JSON number, or leniently a JSON5 number
 * (`+1`, `.5`, `5.`, `0x1F`, `Infinity`, `NaN`, leading zeros). Anything else is {@link NOT_A_VALUE}.
 */
export function parseWord(word: string): unknown {
  const strict = parseStrictWord(word);
  if (strict !== NOT_A_VALUE) return strict;
  switch (word) {
    // Python's literals, as the final reader repairs them.
    case 'True':
      return true;
    case 'False':
      return false;
    case 'None':
      return null;
  }
  if (!LENIENT_NUMBER.test(word)) return NOT_A_VALUE;
  const sign = word.charCodeAt(0) === 0x2d ? -1 : 1;
  const body = word.charCodeAt(0) === 0x2d || word.charCodeAt(0) === 0x2b ? word.slice(1) : word;
  return sign * Number(body);
}
