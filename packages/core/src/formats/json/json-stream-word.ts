/** Returned by {@link parseWord} for a word that is not a JSON(5) literal or number. */
export const NOT_A_VALUE: unique symbol = Symbol('not a value');

const STRICT_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const LENIENT_NUMBER = /^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|0[xX][0-9a-fA-F]+|Infinity|NaN)$/;

/** The value of a word `JSON.parse` accepts: `true`, `false`, `null` or a JSON number; else {@link NOT_A_VALUE}. */
export function parseStrictWord(word: string): unknown {
  switch (word) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'null':
      return null;
  }
  return STRICT_NUMBER.test(word) ? Number(word) : NOT_A_VALUE;
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
