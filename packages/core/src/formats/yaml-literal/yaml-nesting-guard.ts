import type { YamlPackage } from './yaml-package';

/**
 * The deepest nesting handed to the `yaml` package. Its composer recurses once per level, and near
 * the end of the stack V8 can abort the whole process instead of throwing (a regular-expression
 * compile fails hard there), so deeper documents are refused before they reach it. Real answers
 * nest a handful of levels.
 */
export const MAX_YAML_NESTING = 256;

/**
 * Whether `text` may nest deeper than {@link MAX_YAML_NESTING}. A cheap character scan bounds the
 * depth first (flow depth ≤ the number of brackets; block depth ≤ twice a line's indentation plus
 * its indicators); only when that bound is too high does the `yaml` lexer (iterative, and blind to
 * brackets inside scalars) measure it properly. Never recursive.
 */
export function nestsTooDeep(text: string, Lexer: YamlPackage['Lexer']): boolean {
  return quickBoundExceeds(text) && lexedDepthExceeds(text, Lexer);
}

function quickBoundExceeds(text: string): boolean {
  let brackets = 0;
  let indent = 0;
  let indicators = 0;
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      if (2 * indent + indicators + 1 > MAX_YAML_NESTING) return true;
      indent = 0;
      indicators = 0;
      atLineStart = true;
      continue;
    }
    if (atLineStart && code === 32) {
      indent++;
      continue;
    }
    atLineStart = false;
    if (code === 91 || code === 123) {
      if (++brackets > MAX_YAML_NESTING) return true;
    } else if (code === 45 || code === 63 || code === 58) {
      const next = text.charCodeAt(i + 1);
      if (Number.isNaN(next) || next === 32 || next === 10 || next === 9) indicators++;
    }
  }
  return 2 * indent + indicators + 1 > MAX_YAML_NESTING;
}

function lexedDepthExceeds(text: string, Lexer: YamlPackage['Lexer']): boolean {
  let flow = 0;
  let indent = 0;
  let indicators = 0;
  let atLineStart = true;
  let scalarNext = false;
  for (const token of new Lexer().lex(text)) {
    if (scalarNext) {
      // A scalar's source: brackets and dashes inside it are text.
      scalarNext = false;
      atLineStart = false;
      continue;
    }
    switch (token) {
      case '\x1f':
        scalarNext = true;
        break;
      case '\n':
      case '\r\n':
        if (2 * indent + indicators + 1 > MAX_YAML_NESTING) return true;
        indent = 0;
        indicators = 0;
        atLineStart = true;
        break;
      case '[':
      case '{':
        if (++flow > MAX_YAML_NESTING) return true;
        atLineStart = false;
        break;
      case ']':
      case '}':
        flow = Math.max(0, flow - 1);
        atLineStart = false;
        break;
      case '-':
      case '?':
      case ':':
        // Block indicators nest; inside a flow collection (`{a: 1, b: 2}`) a `:` only separates.
        if (flow === 0) indicators++;
        atLineStart = false;
        break;
      default:
        if (atLineStart && token.startsWith(' ')) indent = token.length;
        atLineStart = false;
    }
  }
  return 2 * indent + indicators + 1 > MAX_YAML_NESTING;
}
