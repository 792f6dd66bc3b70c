import { writeOwn } from '../patch/apply-patch';

/**
 * Parses a Python literal as printed by `repr()` / `str()` of a dict, e.g. an Agently
 * `StreamingData.model_dump()` written straight into an SSE `data:` line:
 * `{'path': 'ok', 'value': True, 'delta': None, 'indexes': (0, 1)}`. Accepts dicts, lists, tuples,
 * single- or double-quoted strings with Python escapes, ints, floats, `True`/`False`/`None` (and
 * JSON's `true`/`false`/`null`). Iterative: nesting depth does not grow the call stack. Throws
 * `SyntaxError` on anything else.
 */
export function parsePythonLiteral(text: string): unknown {
  return new LiteralReader(text).readDocument();
}

type Frame =
  | { kind: 'dict'; value: Record<string, unknown>; key: string | undefined; closer: '}' }
  | { kind: 'list'; value: unknown[]; closer: ']' | ')' };

const WORDS: Readonly<Record<string, unknown>> = {
  True: true,
  False: false,
  None: null,
  true: true,
  false: false,
  null: null,
};

class LiteralReader {
  private i = 0;
  constructor(private readonly text: string) {}

  readDocument(): unknown {
    const stack: Frame[] = [];
    let result: unknown;
    let haveResult = false;
    while (!haveResult) {
      this.skipSpace();
      const top = stack[stack.length - 1];
      // Close containers (allowing a trailing comma) before reading the next value.
      if (top && this.text[this.i] === top.closer) {
        if (top.kind === 'dict' && top.key !== undefined) this.fail('a dict key has no value');
        this.i++;
        stack.pop();
        haveResult = this.place(stack, top.value, (value) => {
          result = value;
        });
        continue;
      }
      if (top?.kind === 'dict' && top.key === undefined) {
        const key = this.readValue(stack);
        if (typeof key !== 'string' && typeof key !== 'number') this.fail('a dict key must be a string or a number');
        top.key = String(key);
        this.skipSpace();
        this.expect(':');
        continue;
      }
      const value = this.readValue(stack);
      if (value === OPENED) continue;
      haveResult = this.place(stack, value, (v) => {
        result = v;
      });
    }
    this.skipSpace();
    if (this.i !== this.text.length) this.fail('unexpected text after the value');
    return result;
  }

  /** Stores a finished value in the enclosing container, or reports it as the document's value. */
  private place(stack: Frame[], value: unknown, done: (value: unknown) => void): boolean {
    const top = stack[stack.length - 1];
    if (!top) {
      done(value);
      return true;
    }
    if (top.kind === 'dict') {
      writeOwn(top.value, top.key as string, value);
      top.key = undefined;
    } else top.value.push(value);
    this.skipSpace();
    if (this.text[this.i] === ',') this.i++;
    else if (this.text[this.i] !== top.closer) this.fail(`expected "," or "${top.closer}"`);
    return false;
  }

  /** Reads a scalar, or opens a container (pushing a frame) and returns {@link OPENED}. */
  private readValue(stack: Frame[]): unknown {
    const ch = this.text[this.i];
    if (ch === '{') {
      this.i++;
      stack.push({ kind: 'dict', value: {}, key: undefined, closer: '}' });
      return OPENED;
    }
    if (ch === '[' || ch === '(') {
      this.i++;
      stack.push({ kind: 'list', value: [], closer: ch === '[' ? ']' : ')' });
      return OPENED;
    }
    if (ch === "'" || ch === '"') return this.readString(ch);
    const word = /^[A-Za-z_]+/.exec(this.text.slice(this.i, this.i + 8))?.[0];
    if (word !== undefined && Object.hasOwn(WORDS, word)) {
      this.i += word.length;
      return WORDS[word];
    }
    const number = /^-?(?:\d[\d_]*)(?:\.\d*)?(?:[eE][-+]?\d+)?|^-?\.\d+(?:[eE][-+]?\d+)?/.exec(this.text.slice(this.i));
    if (number) {
      this.i += number[0].length;
      return Number(number[0].replaceAll('_', ''));
    }
    return this.fail('expected a value');
  }

  private readString(quote: string): string {
    this.i++;
    let out = '';
    let start = this.i;
    while (this.i < this.text.length) {
      const ch = this.text[this.i];
      if (ch === quote) {
        out += this.text.slice(start, this.i);
        this.i++;
        return out;
      }
      if (ch === '\\') {
        out += this.text.slice(start, this.i) + this.readEscape();
        start = this.i;
      } else this.i++;
    }
    return this.fail('unterminated string');
  }

  private readEscape(): string {
    const ch = this.text[this.i + 1];
    this.i += 2;
    switch (ch) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case '0':
        return '\0';
      case 'x':
        return this.readCodePoint(2);
      case 'u':
        return this.readCodePoint(4);
      case 'U':
        return this.readCodePoint(8);
      case '\n':
        return '';
      default:
        return ch ?? '';
    }
  }

  private readCodePoint(digits: number): string {
    const hex = this.text.slice(this.i, this.i + digits);
    if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) this.fail('bad escape');
    this.i += digits;
    const code = Number.parseInt(hex, 16);
    // Python repr writes a lone surrogate as \udXXX: keep it as one UTF-16 unit.
    return code > 0x10ffff ? this.fail('bad code point') : String.fromCodePoint(code);
  }

  private skipSpace(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i] as string)) this.i++;
  }

  private expect(ch: string): void {
    if (this.text[this.i] !== ch) this.fail(`expected "${ch}"`);
    this.i++;
  }

  private fail(reason: string): never {
    throw new SyntaxError(`Not a Python literal at ${this.i}: ${reason}`);
  }
}

const OPENED = Symbol('opened');
