import { errorMessage } from '../../errors/error-message';
import { MAX_YAML_NESTING, nestsTooDeep } from './yaml-nesting-guard';
import { loadedYamlPackage, YAML_NOT_LOADED } from './yaml-package';
import { parseYamlSubset, parseYamlSubsetText } from './yaml-subset-parser';

/**
 * Alias expansions allowed per document. Anchors are legitimate but rare in model output; a small
 * cap stops "billion laughs" documents that expand a few lines into gigabytes.
 */
export const MAX_ALIAS_COUNT = 100;

/**
 * YAML 1.2 with the core schema: only `true`/`false` are booleans, so `no`, `on` and `yes` stay
 * strings. Duplicate keys do not fail the document: the later one wins, as in the other formats.
 */
const PARSE_OPTIONS = { version: '1.2', schema: 'core', uniqueKeys: false, merge: false } as const;

const TOO_DEEP = 'the YAML nests too deeply to parse';

/** The outcome of {@link parseYamlText}: a value, or why there is none. */
export type YamlParseResult = { ok: true; value: unknown } | { ok: false; reason: string; limit?: true };

/**
 * Parses one YAML document. Never throws: syntax errors, tab indentation, alias bombs and
 * stack-exhausting nesting become a readable `reason`. Keys such as `__proto__` become own
 * properties (the `yaml` package defines them as data), so no prototype is polluted.
 * The YAML our instructions ask for is read by a fast reader that gives the package's value
 * (`yaml-subset-parser.ts`); everything else goes to the package itself.
 */
export function parseYamlText(text: string): YamlParseResult {
  const fast = parseYamlSubsetText(text);
  return fast === undefined ? parseWithPackage(text) : { ok: true, value: fast.value };
}

/**
 * {@link parseYamlText} for a text already split at its line breaks: `lines` joined by `\n`, plus
 * a final `\n` when `endsWithNewline`. Saves the join when the fast reader takes the text.
 */
export function parseYamlLines(lines: readonly string[], endsWithNewline: boolean): YamlParseResult {
  const fast = parseYamlSubset(lines, endsWithNewline);
  if (fast !== undefined) return { ok: true, value: fast.value };
  return parseWithPackage(lines.join('\n') + (endsWithNewline ? '\n' : ''));
}

function parseWithPackage(text: string): YamlParseResult {
  const yaml = loadedYamlPackage();
  if (yaml === undefined) return { ok: false, reason: YAML_NOT_LOADED };
  if (nestsTooDeep(text, yaml.Lexer)) {
    return {
      ok: false,
      reason: `the YAML nests deeper than ${MAX_YAML_NESTING} levels, too deep to parse`,
      limit: true,
    };
  }
  try {
    const document = yaml.parseDocument(text, PARSE_OPTIONS);
    const error = document.errors[0];
    if (error !== undefined) {
      const reason = describeSyntaxError(text, error.message);
      return reason === TOO_DEEP ? { ok: false, reason, limit: true } : { ok: false, reason };
    }
    return { ok: true, value: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      return {
        ok: false,
        reason: `the YAML expands aliases more than ${MAX_ALIAS_COUNT} times (an alias bomb); write the values out`,
        limit: true,
      };
    }
    if (error instanceof RangeError) return { ok: false, reason: TOO_DEEP, limit: true };
    return { ok: false, reason: `invalid YAML: ${errorMessage(error)}` };
  }
}

function describeSyntaxError(text: string, message: string): string {
  const headline = message.split('\n', 1)[0] as string;
  if (/call stack/i.test(headline)) return TOO_DEEP;
  const tabLine = lineIndentedWithTab(text);
  if (tabLine !== undefined) {
    return `invalid YAML: line ${tabLine} of the YAML is indented with a tab; YAML indents with spaces only (${headline})`;
  }
  return `invalid YAML: ${headline}`;
}

/** The 1-based number of the first line whose indentation contains a tab. */
function lineIndentedWithTab(text: string): number | undefined {
  const match = /^ *\t/m.exec(text);
  if (match === null) return undefined;
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < match.index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
