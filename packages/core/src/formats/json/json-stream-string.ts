import { closesTypographic, fullWidthStructural, isJsonWhitespace, quoteKindOf } from './json-characters';
import { hexValue } from './json-stream-chars';

/** `\\`, written as a literal in the hot loop: a module constant is a load from the module's context. */
const BACKSLASH = 0x5c;
/** Where the decoder is in an escape (an enum: bundlers inline its members, where constants are context loads). */
enum Escape {
  None,
  AfterBackslash,
  HexDigits,
}
/** The escapes `JSON.parse` knows (`\u` included); the others are JSON5's. */
const JSON_ESCAPES = '"\\/bfnrtu';

/**
 * Decodes the body of a JSON (or JSON5) string literal as it streams in: escapes may be split
 * across chunks, and {@link take} never returns text ending inside an escape or between the two
 * halves of a surrogate pair (raw or escaped), so no delta ever does.
 *
 * Lenient like JSON5: single quotes, `\x41`, `\v`, `\0`, line continuations, any other escaped
 * character stands for itself, raw control characters are kept.
 *
 * A literal opened by a typographic quote (“ „ ＂ ‘ ＇) closes as the final reader closes it: at the
 * first quote of the same family followed by structure (`,` `:` `}` `]`, ASCII or full-width, or
 * the end). A candidate closer is held back (never part of a delta) until the next non-blank
 * character decides: structure closes the literal, anything else makes the quote content.
 */
export class StringDecoder {
  /** The closing quote was read. */
  closed = false;
  /** A `\u`/`\x` escape had a non-hex digit: the literal is malformed. */
  invalid = false;
  /**
   * A literal since the decoder was made used what `JSON.parse` rejects: a quote other than `"`, an
   * escape JSON lacks, a raw control character (it never resets: it vouches for the whole text).
   */
  lenient = false;
  #quote = 0x22;
  /** Set for a literal opened by a typographic quote. */
  #family: 'typographic-double' | 'typographic-single' | undefined;
  /** A candidate typographic closer and the blanks after it, not yet decided. */
  #pending = '';
  #text = '';
  #escape = Escape.None;
  #hexLeft = 0;
  #hex = 0;

  /** Begins a literal opened by `quote` (a char code). */
  start(quote: number): void {
    this.#quote = quote;
    if (quote !== 0x22) this.lenient = true;
    const kind = quoteKindOf(quote);
    this.#family = kind === 'typographic-double' || kind === 'typographic-single' ? kind : undefined;
    this.#pending = '';
    this.#text = '';
    this.#escape = Escape.None;
    this.closed = false;
    this.invalid = false;
  }

  /**
   * Decodes `source` from `index` up to the closing quote (consumed) or the end of `source`.
   * Returns the index after the last character read.
   */
  scan(source: string, index: number): number {
    const quote = this.#quote;
    const family = this.#family;
    const length = source.length;
    let text = this.#text;
    let i = index;
    if (this.#pending !== '') {
      const decided = this.#decidePending(source, i);
      if (decided < 0) return length;
      if (this.closed) return decided;
      text += this.#pending;
      this.#pending = '';
      i = decided;
    }
    while (i < length) {
      if (this.#escape === Escape.None) {
        let j = i;
        let code = 0;
        while (j < length) {
          code = source.charCodeAt(j);
          if (
            code === 0x5c /* BACKSLASH */ ||
            (family === undefined ? code === quote : closesTypographic(family, code))
          )
            break;
          if (code < 0x20) this.lenient = true;
          j++;
        }
        if (j > i) {
          // A chunk wholly inside the literal is its own text (no substring call).
          const run = i === 0 && j === length ? source : source.slice(i, j);
          text = text.length === 0 ? run : text + run;
        }
        if (j === length) {
          i = j;
          break;
        }
        i = j + 1;
        if (family !== undefined && code !== BACKSLASH) {
          // A candidate closer: structure after it closes the literal, anything else is content.
          this.#pending = source[j] as string;
          const decided = this.#decidePending(source, i);
          if (decided < 0) {
            i = length;
            break;
          }
          if (this.closed) {
            i = decided;
            break;
          }
          text += this.#pending;
          this.#pending = '';
          i = decided;
          continue;
        }
        if (code === quote) {
          this.closed = true;
          break;
        }
        this.#escape = Escape.AfterBackslash;
      } else if (this.#escape === Escape.AfterBackslash) {
        const code = source.charCodeAt(i++);
        this.#escape = Escape.None;
        if (!JSON_ESCAPES.includes(String.fromCharCode(code))) this.lenient = true;
        if (code === 0x75 || code === 0x78) {
          // \uXXXX or \xXX
          this.#escape = Escape.HexDigits;
          this.#hexLeft = code === 0x75 ? 4 : 2;
          this.#hex = 0;
        } else {
          text += escapedText(code);
        }
      } else {
        const digit = hexValue(source.charCodeAt(i));
        if (digit < 0) {
          this.invalid = true;
          break;
        }
        i++;
        this.#hex = this.#hex * 16 + digit;
        if (--this.#hexLeft === 0) {
          text += String.fromCharCode(this.#hex);
          this.#escape = Escape.None;
        }
      }
    }
    this.#text = text;
    return i;
  }

  /**
   * Reads the blanks after a held candidate closer from `index`: returns -1 while undecided (the
   * blanks join the held text), else the index of the deciding character — with `closed` set when
   * it is structure (left for the tokenizer), or not set when the held text is content.
   */
  #decidePending(source: string, index: number): number {
    let i = index;
    while (i < source.length && isJsonWhitespace(source.charCodeAt(i))) i++;
    if (i === source.length) {
      this.#pending += source.slice(index);
      return -1;
    }
    const code = source.charCodeAt(i);
    const ascii = fullWidthStructural(code) ?? code;
    if (ascii === 0x2c || ascii === 0x3a || ascii === 0x7d || ascii === 0x5d) {
      this.#pending = '';
      this.closed = true;
      return i;
    }
    this.#pending += source.slice(index, i);
    return i;
  }

  /**
   * The text decoded since the last call. Unless `all`, a trailing high surrogate stays behind
   * until the character after it is known (it may be the first half of a pair).
   */
  take(all: boolean): string {
    // A closer still held at the end of the input closes the literal (the end is structure).
    if (all) this.#pending = '';
    const text = this.#text;
    const last = all || text.length === 0 ? 0 : text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      // A high surrogate (the first half of a pair, maybe): held until the next character.
      this.#text = text.slice(-1);
      return text.slice(0, -1);
    }
    this.#text = '';
    return text;
  }
}

function escapedText(code: number): string {
  switch (code) {
    case 0x6e:
      return '\n';
    case 0x74:
      return '\t';
    case 0x72:
      return '\r';
    case 0x62:
      return '\b';
    case 0x66:
      return '\f';
    case 0x76:
      return '\v';
    case 0x30:
      return '\0';
    case 0x0a:
    case 0x0d:
    case 0x2028:
    case 0x2029:
      return ''; // a line continuation
    default:
      return String.fromCharCode(code); // \" \\ \/ \' and any other character stand for themselves
  }
}
