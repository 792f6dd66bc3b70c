import {
  closesTypographic,
  fullWidthStructural,
  isJsonWhitespace,
  type QuoteKind,
  quoteKindOf,
  structureFollows,
} from './json-characters';

/** What reading one scalar (or key) at a position gave. */
export type ScalarResult =
  /** A complete token ending before `end`. `repaired` when it needed a repair to read. */
  | { status: 'value'; value: unknown; end: number; repaired: boolean }
  /** The text ended inside the token; `value` is what it completes to, `undefined` when nothing. */
  | { status: 'truncated'; value: unknown }
  /** Not a valid token. */
  | { status: 'error'; position: number; reason: string };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/**
 * Reads a string whose opening quote is at `pos`. `"` and `'` strings close at the same quote
 * (JSON / JSON5). A string opened by a typographic quote (“ ‘ ＂ …) closes at the first quote of
 * the same family that is followed by structure (`,` `:` `}` `]` or the end), so typographic
 * quotes inside the content stay content. Escapes follow JSON5; raw control characters and line
 * breaks are kept as they are.
 */
export function readString(text: string, pos: number): ScalarResult {
  const kind = quoteKindOf(text.charCodeAt(pos)) as QuoteKind;
  const quote = text.charCodeAt(pos);
  const typographic = kind === 'typographic-double' || kind === 'typographic-single' ? kind : undefined;
  const length = text.length;
  let out = '';
  let chunkStart = pos + 1;
  let i = pos + 1;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === 0x5c /* \ */) {
      out += text.slice(chunkStart, i);
      const escaped = readEscape(text, i);
      if (escaped.status === 'truncated') return { status: 'truncated', value: withoutDanglingSurrogate(out) };
      if (escaped.status === 'error') return escaped;
      out += escaped.value;
      i = escaped.end;
      chunkStart = i;
    } else if (
      typographic === undefined ? code === quote : closesTypographic(typographic, code) && structureFollows(text, i)
    ) {
      return {
        status: 'value',
        value: out + text.slice(chunkStart, i),
        end: i + 1,
        repaired: typographic !== undefined,
      };
    } else {
      i++;
    }
  }
  return { status: 'truncated', value: withoutDanglingSurrogate(out + text.slice(chunkStart)) };
}

type EscapeResult =
  | { status: 'value'; value: string; end: number }
  | { status: 'truncated' }
  | { status: 'error'; position: number; reason: string };

function readEscape(text: string, backslash: number): EscapeResult {
  const i = backslash + 1;
  if (i >= text.length) return { status: 'truncated' };
  const ch = text[i] as string;
  const simple = SIMPLE_ESCAPES[ch];
  if (simple !== undefined) return { status: 'value', value: simple, end: i + 1 };
  if (ch === 'u' || ch === 'x') {
    const digits = ch === 'u' ? 4 : 2;
    const hex = text.slice(i + 1, i + 1 + digits);
    if (!/^[0-9A-Fa-f]*$/.test(hex)) {
      return { status: 'error', position: backslash, reason: `invalid \\${ch} escape` };
    }
    if (hex.length < digits) return { status: 'truncated' };
    return { status: 'value', value: String.fromCharCode(Number.parseInt(hex, 16)), end: i + 1 + digits };
  }
  if (ch === '0' && !/[0-9]/.test(text[i + 1] ?? '')) return { status: 'value', value: '\0', end: i + 1 };
  // JSON5 line continuation: a backslash before a line break joins the lines.
  if (ch === '\r') return { status: 'value', value: '', end: text[i + 1] === '\n' ? i + 2 : i + 1 };
  if (ch === '\n' || ch === '\u2028' || ch === '\u2029') return { status: 'value', value: '', end: i + 1 };
  // Any other escaped character stands for itself (JSON5), whole code point included.
  const codePoint = text.codePointAt(i) as number;
  const width = codePoint > 0xffff ? 2 : 1;
  return { status: 'value', value: text.slice(i, i + width), end: i + width };
}

/** A truncated string never ends in half a surrogate pair. */
function withoutDanglingSurrogate(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}

/**
 * JSON's literals, and Python's (`True`, `False`, `None`: common in model output). Like JSON5
 * syntax, Python's literals are accepted leniency, not flagged as a repair.
 */
const LITERALS: Readonly<Record<string, readonly [string, unknown, boolean]>> = {
  t: ['true', true, false],
  f: ['false', false, false],
  n: ['null', null, false],
  T: ['True', true, false],
  F: ['False', false, false],
  N: ['None', null, false],
};

/**
 * Reads a number or a literal at `pos`: JSON numbers plus JSON5's leading `+`, leading or
 * trailing `.`, hexadecimal and leading zeros. `Infinity` and `NaN` have no JSON value: they read
 * as `null`, flagged repaired. A number that overflows is `Infinity`, exactly as `JSON.parse`.
 */
export function readNumberOrLiteral(text: string, pos: number): ScalarResult {
  const literal = LITERALS[text[pos] as string];
  if (literal !== undefined) {
    const read = readWord(text, pos, literal[0], literal[1], literal[2]);
    if (read !== undefined) return read;
  }
  let i = pos;
  const first = text.charCodeAt(i);
  const negative = first === 0x2d;
  if (negative || first === 0x2b) i++;
  const special = text[i] === 'I' ? 'Infinity' : text[i] === 'N' ? 'NaN' : undefined;
  if (special !== undefined) {
    const read = readWord(text, i, special, null, true);
    if (read !== undefined) return read;
  }
  if (text.charCodeAt(i) === 0x30 && (text[i + 1] === 'x' || text[i + 1] === 'X')) return readHex(text, pos, i + 2);
  const digitsStart = i;
  i = skipDigits(text, i);
  let digits = i - digitsStart;
  if (text.charCodeAt(i) === 0x2e /* . */) {
    const fraction = i + 1;
    i = skipDigits(text, fraction);
    digits += i - fraction;
  }
  if (digits === 0) {
    if (i >= text.length) return { status: 'truncated', value: undefined };
    return unexpected(text, i === pos ? pos : i, 'a value');
  }
  if (text[i] === 'e' || text[i] === 'E') {
    let exponent = i + 1;
    if (text[exponent] === '+' || text[exponent] === '-') exponent++;
    const end = skipDigits(text, exponent);
    if (end === exponent) {
      if (end >= text.length) return { status: 'truncated', value: undefined };
      return unexpected(text, end, 'exponent digits');
    }
    i = end;
  }
  return finishNumber(text, i, Number(text.slice(pos, i)));
}

function readHex(text: string, pos: number, digitsStart: number): ScalarResult {
  let i = digitsStart;
  while (i < text.length && /[0-9A-Fa-f]/.test(text[i] as string)) i++;
  if (i === digitsStart) {
    if (i >= text.length) return { status: 'truncated', value: undefined };
    return unexpected(text, i, 'hexadecimal digits');
  }
  const magnitude = Number(text.slice(digitsStart - 2, i));
  return finishNumber(text, i, text.charCodeAt(pos) === 0x2d ? -magnitude : magnitude);
}

function finishNumber(text: string, end: number, value: number): ScalarResult {
  if (!endsToken(text, end)) return unexpected(text, end, 'a delimiter after the number');
  return { status: 'value', value, end, repaired: false };
}

/**
 * Matches `word` at `pos`: a complete word followed by a delimiter is a value; the text ending
 * inside the word is a truncated half literal (nothing usable). `undefined`: not this word.
 */
function readWord(
  text: string,
  pos: number,
  word: string,
  value: unknown,
  repaired: boolean,
): ScalarResult | undefined {
  const available = text.length - pos;
  if (available < word.length) {
    return available > 0 && word.startsWith(text.slice(pos)) ? { status: 'truncated', value: undefined } : undefined;
  }
  if (!text.startsWith(word, pos)) return undefined;
  const end = pos + word.length;
  if (!endsToken(text, end)) return unexpected(text, end, 'a delimiter after the literal');
  return { status: 'value', value, end, repaired };
}

function skipDigits(text: string, pos: number): number {
  let i = pos;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) break;
    i++;
  }
  return i;
}

/** A scalar must be followed by the end, whitespace, a comment or structure. */
function endsToken(text: string, end: number): boolean {
  if (end >= text.length) return true;
  const code = text.charCodeAt(end);
  if (isJsonWhitespace(code)) return true;
  const ascii = fullWidthStructural(code) ?? code;
  // `{` ends a token too, so `{"i":1{"i":2}` reaches the container logic (a missing `},`).
  return ascii === 0x2c || ascii === 0x7d || ascii === 0x5d || ascii === 0x3a || ascii === 0x2f || ascii === 0x7b;
}

const IDENTIFIER = /[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*/uy;
/** A bare key that is not an identifier (`{2: 2}`): digits and identifier characters, read as a repair. */
const BARE_KEY = /[0-9][\p{ID_Continue}$-]*/uy;

/** Reads a JSON5 unquoted key (an ECMAScript identifier name) at `pos`, or `undefined` when none starts there. */
export function readIdentifier(text: string, pos: number): ScalarResult | undefined {
  IDENTIFIER.lastIndex = pos;
  BARE_KEY.lastIndex = pos;
  const match = IDENTIFIER.exec(text);
  const bare = match === null ? BARE_KEY.exec(text) : null;
  const key = match ?? bare;
  if (key === null) return undefined;
  const end = pos + key[0].length;
  if (end >= text.length) return { status: 'truncated', value: undefined };
  return { status: 'value', value: key[0], end, repaired: bare !== null };
}

/** An error naming the offending character and what was expected there. */
export function unexpected(text: string, pos: number, expected: string): ScalarResult & { status: 'error' } {
  if (pos >= text.length)
    return { status: 'error', position: pos, reason: `unexpected end of text, expected ${expected}` };
  const codePoint = text.codePointAt(pos) as number;
  return {
    status: 'error',
    position: pos,
    reason: `unexpected ${JSON.stringify(String.fromCodePoint(codePoint))}, expected ${expected}`,
  };
}
