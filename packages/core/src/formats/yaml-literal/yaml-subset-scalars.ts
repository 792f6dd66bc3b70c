/**
 * Scalars of the YAML subset read without the `yaml` package (see `yaml-subset-parser.ts`): plain
 * scalars resolved by the YAML 1.2 core schema exactly as the package resolves them, and quoted
 * scalars on one line. Anything the subset does not cover throws {@link OutsideYamlSubset}, and
 * the caller hands the text to the package instead.
 */

/** The text leaves the subset read here: parse it with the `yaml` package. Never escapes the subset reader. */
export class OutsideYamlSubset extends Error {}

// One instance: thrown for every text that falls back, so no stack is captured each time.
const OUTSIDE = new OutsideYamlSubset('outside the YAML subset read without the yaml package');

/** Leaves the subset (see {@link OutsideYamlSubset}). */
export function outside(): never {
  throw OUTSIDE;
}

// The core schema's tests, in the order the package tries them (yaml 2.x, schema/core).
const NULL = /^(?:~|[Nn]ull|NULL)$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/**
 * The value of a (non-empty) plain scalar under the YAML 1.2 core schema, computed as the `yaml`
 * package computes it: `~`/`null` → null, `true`/`false` → booleans (`yes`, `no`, `on` stay
 * strings), decimal, `0o` and `0x` integers through `parseInt`, floats (`.inf`, `.nan`, exponents)
 * through `parseFloat`; anything else is the text itself.
 */
export function resolvePlainScalar(source: string): unknown {
  const first = source.charCodeAt(0);
  // Only these can start a null, a boolean or a number: every other scalar is a string at once.
  const maybeTyped =
    (first >= 48 && first <= 57) || // 0-9
    first === 43 || // +
    first === 45 || // -
    first === 46 || // .
    first === 126 || // ~
    first === 110 || // n
    first === 78 || // N
    first === 116 || // t
    first === 84 || // T
    first === 102 || // f
    first === 70; // F
  if (!maybeTyped) return source;
  if (NULL.test(source)) return null;
  if (BOOL.test(source)) return first === 116 || first === 84;
  if (INT_OCT.test(source)) return Number.parseInt(source.substring(2), 8);
  if (INT.test(source)) return Number.parseInt(source, 10);
  if (INT_HEX.test(source)) return Number.parseInt(source.substring(2), 16);
  if (FLOAT_NAN.test(source)) {
    if (source.slice(-3).toLowerCase() === 'nan') return Number.NaN;
    return source[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (FLOAT_EXP.test(source) || FLOAT.test(source)) return Number.parseFloat(source);
  return source;
}

const FLOW_INDICATORS = ',[]{}';
const NEVER_PLAIN_START = ',[]{}#&*!|>\'"%@`';

/** Whether `char` is one of `,[]{}`. */
export function isFlowIndicator(char: string | undefined): boolean {
  return char !== undefined && FLOW_INDICATORS.includes(char);
}

/**
 * Whether a plain scalar may start at `line[at]` (a non-space character): not an indicator, and
 * `-`, `?`, `:` only when a non-space character follows (in flow context only `-` that way).
 */
export function canStartPlain(line: string, at: number, inFlow: boolean): boolean {
  const char = line[at] as string;
  if (NEVER_PLAIN_START.includes(char)) return false;
  if (char === '-' || char === '?' || char === ':') {
    if (inFlow && char !== '-') return false;
    const next = line[at + 1];
    return next !== undefined && next !== ' ' && !(inFlow && isFlowIndicator(next));
  }
  return true;
}

/**
 * Scans a plain scalar on one line from `start`, with the `yaml` lexer's rules: it stops at a `:`
 * followed by a space or the end of the line (or a flow indicator in flow context), at a space
 * followed by `#` (a comment), and in flow context at `,[]{}`. `end` is just after its last
 * non-space character, `stop` where scanning stopped (`line.length` at the end of the line).
 */
export function scanPlain(line: string, start: number, inFlow: boolean): { end: number; stop: number } {
  let end = start;
  for (let i = start; i < line.length; i++) {
    const char = line[i] as string;
    if (char === ':') {
      const next = line[i + 1];
      if (next === undefined || next === ' ' || (inFlow && isFlowIndicator(next))) return { end, stop: i };
      end = i + 1;
    } else if (char === ' ') {
      const next = line[i + 1];
      if (next === '#' || (inFlow && isFlowIndicator(next))) return { end, stop: i };
    } else {
      if (inFlow && isFlowIndicator(char)) return { end, stop: i };
      end = i + 1;
    }
  }
  return { end, stop: line.length };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };
const HEX = /^[0-9a-fA-F]+$/;

/**
 * A quoted scalar that starts at `line[start]` (`"` or `'`) and closes on the same line: its
 * value and the index just after the closing quote. `undefined` when it does not close on the line.
 * Escapes are decoded as the `yaml` package decodes them; an escape it would reject leaves the subset.
 */
export function readQuoted(line: string, start: number): { value: string; end: number } | undefined {
  return line[start] === "'" ? readSingleQuoted(line, start) : readDoubleQuoted(line, start);
}

function readSingleQuoted(line: string, start: number): { value: string; end: number } | undefined {
  let close = line.indexOf("'", start + 1);
  while (close >= 0 && line[close + 1] === "'") close = line.indexOf("'", close + 2);
  if (close < 0) return undefined;
  const body = line.slice(start + 1, close);
  return { value: body.includes("'") ? body.replace(/''/g, "'") : body, end: close + 1 };
}

function readDoubleQuoted(line: string, start: number): { value: string; end: number } | undefined {
  let close = -1;
  let escaped = false;
  for (let i = start + 1; i < line.length; i++) {
    const char = line[i];
    if (char === '\\') {
      escaped = true;
      i++;
    } else if (char === '"') {
      close = i;
      break;
    }
  }
  if (close < 0) return undefined;
  if (!escaped) return { value: line.slice(start + 1, close), end: close + 1 };
  let value = '';
  let from = start + 1;
  for (let i = line.indexOf('\\', from); i >= 0 && i < close; i = line.indexOf('\\', from)) {
    value += line.slice(from, i);
    const code = line[i + 1] as string;
    const simple = ESCAPES[code];
    if (simple !== undefined) {
      value += simple;
      from = i + 2;
      continue;
    }
    const length = HEX_LENGTH[code];
    const digits = length === undefined ? '' : line.substr(i + 2, length);
    if (length === undefined || digits.length !== length || !HEX.test(digits)) outside();
    const point = Number.parseInt(digits, 16);
    if (point > 0x10ffff) outside();
    value += String.fromCodePoint(point);
    from = i + 2 + length;
  }
  return { value: value + line.slice(from, close), end: close + 1 };
}
