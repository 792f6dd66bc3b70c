import { OutputParseError } from '../../errors/errors';
import { assertMaxDepth } from '../common/value-events';
import type { FinalParse, FormatParserOptions } from '../format-parser';
import { ParseLimitError } from '../parse-limit-error';
import { LiteralBlockTracker } from './literal-block-tracker';
import { parseYamlLines } from './parse-yaml-text';
import {
  isBeginMarkerLine,
  isEndMarkerLine,
  isStrayFenceLine,
  isYamlFenceCloser,
  isYamlFenceOpener,
} from './yaml-markers';

/**
 * The YAML of an answer, as lines, and whether its closing line was seen. Every line before the
 * closing line keeps its line break (`terminated`: a `|+` block keeps the blank lines before the
 * marker); without a closing line the text ends with the answer.
 */
export type YamlPayload = { lines: string[]; terminated: boolean; complete: boolean };

/**
 * Finds the YAML of an answer: the lines between `<<<BEGIN AGENTLY_YAML>>>` and the next
 * `<<<END AGENTLY_YAML>>>` outside a literal block (column-0 fence lines between them dropped); without a begin marker,
 * the body of the first ```yaml fence. A missing closing line leaves the payload running to the
 * end of the text (`complete: false`). `undefined` when there is neither.
 */
export function extractYamlPayload(text: string): YamlPayload | undefined {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const begin = lines.findIndex(isBeginMarkerLine);
  if (begin >= 0) {
    const body: string[] = [];
    const blocks = new LiteralBlockTracker();
    for (let i = begin + 1; i < lines.length; i++) {
      const line = lines[i] as string;
      if (blocks.contains(line)) body.push(line);
      else if (isEndMarkerLine(line)) return { lines: body, terminated: body.length > 0, complete: true };
      else if (!isStrayFenceLine(line)) body.push(line);
    }
    return { lines: body, terminated: false, complete: false };
  }
  const fence = lines.findIndex(isYamlFenceOpener);
  if (fence < 0) return undefined;
  const end = lines.findIndex((line, i) => i > fence && isYamlFenceCloser(line));
  if (end < 0) return { lines: lines.slice(fence + 1), terminated: false, complete: false };
  const body = lines.slice(fence + 1, end);
  return { lines: body, terminated: body.length > 0, complete: true };
}

/**
 * The yaml_literal final parser: the payload parsed as YAML 1.2 (core schema). The result must be
 * a mapping. A payload without its closing line is parsed as far as it goes and reported as
 * repaired. Throws `OutputParseError` when there is no payload or it is not valid YAML, and
 * `DepthLimitError` when it nests deeper than `maxDepth`.
 */
export function parseYamlLiteral(text: string, options: FormatParserOptions = {}): FinalParse {
  const payload = extractYamlPayload(text);
  if (payload === undefined) {
    throw new OutputParseError('yaml_literal', 'no <<<BEGIN AGENTLY_YAML>>> block or ```yaml fence found', {
      rawText: text,
    });
  }
  const parsed = parseYamlLines(payload.lines, payload.terminated);
  if (!parsed.ok) {
    // Past a safety limit, the JSON fallback must not turn a fragment of the payload into the answer.
    const Failure = parsed.limit === true ? ParseLimitError : OutputParseError;
    throw new Failure('yaml_literal', parsed.reason, { rawText: text });
  }
  const { value } = parsed;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const found = value === null ? 'an empty document' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
    throw new OutputParseError('yaml_literal', `the YAML must be a mapping of fields, found ${found}`, {
      rawText: text,
    });
  }
  if (options.maxDepth !== undefined) assertMaxDepth(value, options.maxDepth);
  return { value, repaired: !payload.complete, format: 'yaml_literal' };
}
