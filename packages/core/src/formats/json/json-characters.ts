// Character classes of the lenient JSON reader: JSON5 whitespace and comments, the full-width
// punctuation models emit in place of ASCII structure, and the quote characters that may open a
// string in a structural position.

/** JSON5 whitespace: JSON's four plus the other ECMAScript white space and line terminators. */
export function isJsonWhitespace(code: number): boolean {
  if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) return true;
  if (code < 0x80) return code === 0x0b || code === 0x0c;
  return (
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/**
 * Skips whitespace and JSON5 comments (`// …` to the end of the line, `/* … *\/`) from `pos`.
 * An unclosed block comment runs to the end of the text, and so does a `/` that ends it.
 */
export function skipTrivia(text: string, pos: number): number {
  const length = text.length;
  let i = pos;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (isJsonWhitespace(code)) {
      i++;
    } else if (code === 0x2f /* / */) {
      // A lone `/` at the very end may be the first half of a comment: treat it as trivia.
      if (i + 1 >= length) return length;
      const next = text.charCodeAt(i + 1);
      if (next === 0x2f) {
        i += 2;
        while (i < length && !isLineTerminator(text.charCodeAt(i))) i++;
      } else if (next === 0x2a /* * */) {
        const close = text.indexOf('*/', i + 2);
        i = close < 0 ? length : close + 2;
      } else {
        return i;
      }
    } else {
      return i;
    }
  }
  return i;
}

function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** Full-width punctuation accepted in place of JSON's structural characters. */
const FULL_WIDTH: ReadonlyMap<number, number> = new Map([
  [0xff5b, 0x7b], // ｛
  [0xff5d, 0x7d], // ｝
  [0xff3b, 0x5b], // ［
  [0xff3d, 0x5d], // ］
  [0xff1a, 0x3a], // ：
  [0xff0c, 0x2c], // ，
]);

/** The ASCII structural character a full-width one stands for, or `undefined`. */
export function fullWidthStructural(code: number): number | undefined {
  return code < 0xff00 ? undefined : FULL_WIDTH.get(code);
}

/** Which family a quote that may open a string belongs to. */
export type QuoteKind =
  /** `"`: JSON's own; only `"` closes it. */
  | 'ascii-double'
  /** `'`: JSON5's; only `'` closes it. */
  | 'ascii-single'
  /** “ ” „ ＂: a repaired double quote; closed by any double quote followed by structure. */
  | 'typographic-double'
  /** ‘ ’ ＇: a repaired single quote; closed by any single quote followed by structure. */
  | 'typographic-single';

export function quoteKindOf(code: number): QuoteKind | undefined {
  switch (code) {
    case 0x22:
      return 'ascii-double';
    case 0x27:
      return 'ascii-single';
    case 0x201c:
    case 0x201d:
    case 0x201e:
    case 0xff02:
      return 'typographic-double';
    case 0x2018:
    case 0x2019:
    case 0xff07:
      return 'typographic-single';
    default:
      return undefined;
  }
}

/** Whether `code` may close a string opened by a typographic quote of `kind`. */
export function closesTypographic(kind: 'typographic-double' | 'typographic-single', code: number): boolean {
  if (kind === 'typographic-double') return code === 0x22 || code === 0x201c || code === 0x201d || code === 0xff02;
  return code === 0x27 || code === 0x2018 || code === 0x2019 || code === 0xff07;
}

/**
 * Whether the text after a candidate closing quote at `quote` looks like JSON structure: after
 * optional spaces, the end of the text or one of `, : } ]` (ASCII or full-width).
 */
export function structureFollows(text: string, quote: number): boolean {
  let i = quote + 1;
  while (i < text.length && isJsonWhitespace(text.charCodeAt(i))) i++;
  if (i >= text.length) return true;
  const code = text.charCodeAt(i);
  const ascii = fullWidthStructural(code) ?? code;
  return ascii === 0x2c || ascii === 0x3a || ascii === 0x7d || ascii === 0x5d;
}
