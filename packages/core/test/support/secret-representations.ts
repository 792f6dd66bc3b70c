// The representations an upstream may echo an API key in, and a reader of all of them written
// apart from the redactor's decoders, for the key redaction's property tests (core and server).
import fc from 'fast-check';

export const REDACTED = '[redacted]';

/** Characters of the keys providers issue. */
export const keyChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_');
/**
 * Keys also with characters that encoders change (`é` and `🔑` take 2 and 4 UTF-8 bytes). Not `%`,
 * `\`, `#` or `;`: a text quoting a key with those in a mix of escapes can be read two ways (is
 * `\r` the key's or an escape?); such a key is redacted as written.
 */
export const oddKeyArb = fc
  .array(fc.oneof(keyChar, fc.constantFrom(...'/+="~?&<>\' é', '🔑')), { minLength: 8, maxLength: 50 })
  .map((chars) => chars.join(''));
/** Characters no form of a key holds and no escape spans: what surrounds a piece can be told from it. */
export const inertChar = fc.constantFrom(...'|!*(),\n\t');

/** Numbers that choose, character by character, how a piece is written. */
export type Salt = readonly number[];
type Encode = (piece: string, salt: Salt) => string;
const at = (salt: Salt, i: number) => salt[i % salt.length] ?? 0;
const hex = (value: number, upper: boolean) => (upper ? value.toString(16).toUpperCase() : value.toString(16));
const utf8 = (text: string) => [...new TextEncoder().encode(text)];

/** ASCII letters upper- or lower-cased one by one as `salt` says (what an upstream that changes case writes). */
export function changeCase(text: string, salt: Salt): string {
  return text.replace(/[a-z]/gi, (letter, i: number) =>
    at(salt, i) % 2 ? letter.toUpperCase() : letter.toLowerCase(),
  );
}

/** Every UTF-8 byte of `text` as `%XX`. */
export function percentEncodeAll(text: string, upper = true): string {
  return utf8(text)
    .map((byte) => `%${hex(byte, upper).padStart(2, '0')}`)
    .join('');
}

/** Every UTF-16 code unit of `text` as a JSON `\uXXXX` escape. */
export function jsonEscapeAll(text: string): string {
  return Array.from({ length: text.length }, (_, i) => `\\u${hex(text.charCodeAt(i), false).padStart(4, '0')}`).join(
    '',
  );
}

/** `text`'s UTF-8 bytes in hex. */
export function hexEncode(text: string, upper = false): string {
  return utf8(text)
    .map((byte) => hex(byte, upper).padStart(2, '0'))
    .join('');
}

/** Each character as an HTML numeric reference: decimal or hex (`x` or `X`), zero-padded up to the width `salt` says. */
export function htmlNumeric(text: string, salt: Salt = [0]): string {
  return [...text]
    .map((char, i) => {
      const codePoint = char.codePointAt(0)!;
      const choice = at(salt, i);
      const digits = choice % 2 ? codePoint.toString(10) : hex(codePoint, choice % 3 === 0);
      const padded = digits.padStart(Math.min(choice % 2 ? 7 : 6, digits.length + (choice % 4)), '0');
      return choice % 2 ? `&#${padded};` : `&#${choice % 3 === 0 ? 'X' : 'x'}${padded};`;
    })
    .join('');
}

/** As an HTML escaper writes text: `&amp;`, `&lt;`, `&gt;`, `&quot;`, and `&#39;` or `&apos;` as `salt` says. */
export function htmlEscape(text: string, salt: Salt = [0]): string {
  const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  return [...text]
    .map((char, i) => (char === "'" ? (at(salt, i) % 2 ? '&apos;' : '&#39;') : (named[char] ?? char)))
    .join('');
}

const jsonString = (text: string) => JSON.stringify(text).slice(1, -1);
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** One character in the escape `choice` names (0: as it is). */
const ESCAPE_ONE: ((char: string) => string)[] = [
  (char) => char,
  (char) => percentEncodeAll(char, false),
  (char) => jsonEscapeAll(char),
  (char) => htmlNumeric(char, [1]),
  (char) => htmlNumeric(char, [2]),
  (char) => htmlEscape(char),
];
/** A second level over a first: none, URL-encoded, JSON-escaped, HTML-escaped. */
const ESCAPE_AGAIN: ((text: string) => string)[] = [
  (text) => text,
  encodeURIComponent,
  jsonString,
  (text) => htmlEscape(text),
];

/** The representations whose every character the redactor covers: the written form is redacted whole. */
export const wholeEncodings: Record<string, Encode> = {
  raw: (piece) => piece,
  caseChanged: (piece, salt) => changeCase(piece, salt),
  percentAll: (piece, salt) => percentEncodeAll(piece, at(salt, 0) % 2 === 0),
  percentSome: (piece, salt) =>
    [...piece].map((char, i) => (at(salt, i) % 2 ? percentEncodeAll(char, at(salt, i + 1) % 2 === 0) : char)).join(''),
  uriTwice: (piece) => encodeURIComponent(encodeURIComponent(piece)),
  jsonSome: (piece, salt) =>
    [...jsonString(piece)].map((char, i) => (at(salt, i) % 2 && char !== '\\' ? jsonEscapeAll(char) : char)).join(''),
  jsonSlash: (piece) => jsonString(piece).replaceAll('/', '\\/'),
  jsonTwice: (piece) => jsonString(jsonString(piece)),
  htmlEscaped: (piece, salt) => htmlEscape(piece, salt),
  htmlNumeric: (piece, salt) => htmlNumeric(piece, salt),
  htmlTwice: (piece, salt) => htmlEscape(htmlNumeric(piece, salt), salt),
  hex: (piece, salt) => hexEncode(piece, at(salt, 0) % 2 === 1),
  /** Each character in its own escape, then maybe all of it escaped once more. */
  mixed: (piece, salt) => {
    const once = [...piece].map((char, i) => ESCAPE_ONE[at(salt, i) % ESCAPE_ONE.length]!(char)).join('');
    return ESCAPE_AGAIN[at(salt, 1) % ESCAPE_AGAIN.length]!(once);
  },
};

/** Base64 and base64url after 0 to 2 other bytes: the characters that mix them with the key's are not redacted. */
export const base64Encodings: Record<string, Encode> = {
  base64: (piece, salt) => base64(`${'x'.repeat(at(salt, 0) % 3)}${piece}`),
  base64url: (piece, salt) => base64url(`${'xy'.slice(0, at(salt, 0) % 3)}${piece}`),
  base64Slash: (piece, salt) => base64(`${'x'.repeat(at(salt, 0) % 3)}${piece}`).replaceAll('/', '\\/'),
};

/** How many characters a piece has: 8 or more (redacted), or exactly 7 (a near miss, left alone). */
export type PieceSize = 'piece' | 'near miss';

/** A random piece of `key` of that size, in whole characters (an emoji is not cut). */
export function pieceOf(key: string, size: PieceSize = 'piece'): fc.Arbitrary<string> {
  const chars = [...key];
  const length = size === 'piece' ? fc.integer({ min: 8, max: chars.length }) : fc.constant(7);
  return length
    .chain((count) => fc.tuple(fc.constant(count), fc.nat(chars.length - count)))
    .map(([count, start]) => chars.slice(start, start + count).join(''));
}

/** A piece of `key` in one of `encodings`, its letters' case changed before or after as `salt` says (not base64's). */
export function encodedPieceOf(
  key: string,
  encodings: Record<string, Encode>,
  size: PieceSize = 'piece',
): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...Object.entries(encodings)),
      pieceOf(key, size),
      fc.array(fc.nat(11), { minLength: 1, maxLength: 6 }),
    )
    .map(([[name, encode], piece, salt]) => {
      if (name in base64Encodings) return encode(piece, salt);
      const before = at(salt, 2) % 3 === 1 ? changeCase(piece, salt) : piece;
      const encoded = encode(before, salt);
      return at(salt, 3) % 3 === 2 ? changeCase(encoded, salt.slice(1)) : encoded;
    });
}

/** Percent escapes (UTF-8 runs), JSON escapes and HTML references undone once each. */
function decodeOnce(text: string): string {
  return text
    .replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
      new TextDecoder().decode(Uint8Array.from(hexBytes(run.replaceAll('%', '')))),
    )
    .replace(/\\(?:[uU]([0-9A-Fa-f]{4})|([/"\\]))/g, (_match, digits?: string, char?: string) =>
      digits === undefined ? char! : String.fromCharCode(Number.parseInt(digits, 16)),
    )
    .replace(/&#[xX]([0-9A-Fa-f]{1,6});/g, (_match, digits: string) => codePoint(Number.parseInt(digits, 16)))
    .replace(/&#([0-9]{1,7});/g, (_match, digits: string) => codePoint(Number.parseInt(digits, 10)))
    .replace(/&(amp|lt|gt|quot|apos);/gi, (_match, name: string) => NAMED[name.toLowerCase()]!);
}
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const codePoint = (value: number) => (value <= 0x10ffff ? String.fromCodePoint(value) : '\uFFFD');
const hexBytes = (digits: string) =>
  Array.from({ length: digits.length >> 1 }, (_, i) => Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16));

/** Each run of hex digits read as UTF-8, its digits paired from the first (`phase` 0) or the second. */
function decodeHex(text: string, phase: 0 | 1): string {
  return text.replace(
    /[0-9A-Fa-f]+/g,
    (run) => `|${new TextDecoder().decode(Uint8Array.from(hexBytes(run.slice(phase))))}|`,
  );
}

/** The base64 and base64url characters that depend on `key` alone, at each alignment. */
function base64Forms(key: string): string[] {
  const size = Buffer.byteLength(key);
  return [0, 1, 2].flatMap((before) =>
    [base64, base64url].map((encode) =>
      encode('\0'.repeat(before) + key).slice(Math.ceil((8 * before) / 6), Math.floor((8 * (before + size)) / 6)),
    ),
  );
}

/** The runs of `min` code units of `form` (the whole of it if shorter) that `text` shows. */
function piecesShown(text: string, form: string, min = 8): string[] {
  const length = Math.min(min, form.length);
  const shown = new Set<string>();
  for (let i = 0; i + length <= form.length; i++)
    if (text.includes(form.slice(i, i + length))) shown.add(form.slice(i, i + length));
  return [...shown];
}

const foldCase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * The pieces of `key` that the parts of `text` between `[redacted]` show in any representation:
 * 8 characters of the key, letters in any case, as written, decoded once or twice, or in hex; 8
 * characters of one of its base64 forms as written or decoded.
 */
export function leaks(text: string, key: string): string[] {
  return text.split(REDACTED).flatMap((part) => {
    const once = decodeOnce(part);
    const decoded = [part, once, decodeOnce(once)];
    const caseless = [...decoded, decodeHex(part, 0), decodeHex(part, 1)].map(foldCase);
    return [
      ...caseless.flatMap((seen) => piecesShown(seen, foldCase(key))),
      ...decoded.flatMap((seen) => base64Forms(key).flatMap((form) => piecesShown(seen, form))),
    ];
  });
}
