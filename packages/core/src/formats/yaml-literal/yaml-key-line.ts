import type { Chomping } from './literal-block-emitter';
import { parseYamlText } from './parse-yaml-text';

/** What a column-0 line of the payload is, for the stream parser. */
export type TopLevelLine =
  /** Starts a new top-level entry (`key: …`). */
  | { kind: 'key'; keyText: string; rest: string }
  /** Belongs to the entry above it: indented, blank, a comment, or `- item` / `]` of a compact collection. */
  | { kind: 'continuation' }
  /** `---` or `...`: a document marker, not data. */
  | { kind: 'document-marker' };

/** Classifies a complete payload line by its first characters. */
export function classifyTopLevelLine(line: string): TopLevelLine {
  const first = line[0];
  if (first === undefined || first === ' ' || first === '\t' || first === '#') return { kind: 'continuation' };
  if (/^(?:---|\.\.\.)(?:[ \t]|$)/.test(line)) return { kind: 'document-marker' };
  if (/^-(?:[ \t]|$)/.test(line) || first === ']' || first === '}') return { kind: 'continuation' };
  const split = splitKeyLine(line);
  return split === undefined ? { kind: 'continuation' } : { kind: 'key', ...split };
}

/**
 * Splits `key: rest` at its mapping indicator: after a quoted key's closing quote, or at the
 * first `:` followed by a space or the end of the line for a plain key.
 */
export function splitKeyLine(line: string): { keyText: string; rest: string } | undefined {
  let end: number;
  const quote = line[0];
  if (quote === '"' || quote === "'") {
    end = closingQuote(line, quote);
    if (end < 0) return undefined;
    let colon = end + 1;
    while (line[colon] === ' ' || line[colon] === '\t') colon++;
    if (line[colon] !== ':' || !isSeparator(line[colon + 1])) return undefined;
    return { keyText: line.slice(0, colon), rest: line.slice(colon + 1) };
  }
  for (end = line.indexOf(':'); end >= 0; end = line.indexOf(':', end + 1)) {
    if (isSeparator(line[end + 1])) return { keyText: line.slice(0, end), rest: line.slice(end + 1) };
  }
  return undefined;
}

function isSeparator(char: string | undefined): boolean {
  return char === undefined || char === ' ' || char === '\t';
}

function closingQuote(line: string, quote: string): number {
  for (let i = 1; i < line.length; i++) {
    const char = line[i];
    if (quote === '"' && char === '\\') i++;
    else if (char === quote) {
      if (quote === "'" && line[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** A literal block header after the key (`|`, `|-`, `|+`, `|2`, `|-2`, `|2+`, optional comment). */
export type LiteralHeader = { chomping: Chomping; indent: number | undefined };

const LITERAL_HEADER = /^[ \t]+\|(?:([+-])([1-9])?|([1-9])([+-])?)?(?:[ \t]+#.*)?[ \t]*$/;

/** The literal block header in `rest`, or `undefined` when the value is written another way. */
export function literalHeader(rest: string): LiteralHeader | undefined {
  const match = LITERAL_HEADER.exec(rest);
  if (match === null) return undefined;
  const sign = match[1] ?? match[4];
  const digit = match[2] ?? match[3];
  return {
    chomping: sign === '-' ? 'strip' : sign === '+' ? 'keep' : 'clip',
    indent: digit === undefined ? undefined : Number(digit),
  };
}

const RESERVED_PLAIN = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

/**
 * The key a YAML parser makes of `keyText` (so `"x y"` → `x y`, `true` → `true`, `1` → `1`),
 * or `undefined` when it is not a valid key. Plain identifiers skip the parser.
 */
export function yamlKeyName(keyText: string): string | undefined {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyText) && !RESERVED_PLAIN.test(keyText)) return keyText;
  const parsed = parseYamlText(`${keyText}: ~`);
  if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object') return undefined;
  const keys = Object.keys(parsed.value);
  return keys.length === 1 ? keys[0] : undefined;
}
