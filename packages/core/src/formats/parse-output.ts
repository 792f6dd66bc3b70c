import { OutputParseError } from '../errors/errors';
import { splitReasoning } from '../reasoning/reasoning-splitter';
import type { OutputDefinition } from '../schema/define-output';
import type { FormatOption } from '../schema/select-format';
import { checkChunk, checkParserOptions } from './check-parser-options';
import type { FinalParse, FormatDefinition } from './format-parser';
import { parseJsonText } from './json/json-final-parser';
import { provideJsonRepair } from './json/json-repair';
import { parseAnswer } from './parse-answer';
import { resolveFormat } from './resolve-format';

/** Options of {@link parseOutput} and {@link parseOutputDetailed}. */
export type ParseOutputOptions = {
  /**
   * The format the text is written in (default `'json'`). `'auto'` applies the same rules as a
   * response: chosen from the schema's shape (`json` without a schema).
   */
  format?: FormatOption | undefined;
  /** The schema: picks the best JSON block, names the sections of the text formats. */
  output?: OutputDefinition | undefined;
  /** Deepest nesting accepted before a `DepthLimitError` (default: unlimited). */
  maxDepth?: number | undefined;
  /**
   * Format definitions this call may use besides the registered ones (`json` and `text` are built
   * in): `formats: [hybridFormat]` makes `format: 'hybrid'` work without `registerFormat`.
   */
  formats?: readonly FormatDefinition[] | undefined;
};

/** A final parse with the reasoning that preceded the answer (`''` when there was none). */
export type DetailedParse = FinalParse & { reasoning: string };

/**
 * Parses a whole model output, the way a response does at the end of its stream: a leading
 * `<think>` block is split off, then the answer is parsed (with repair, and the JSON fallback for
 * the text formats). Returns the value; throws `OutputParseError` (with `rawText`, the text given)
 * when nothing can be recovered.
 */
export function parseOutput(text: string, options: ParseOutputOptions = {}): unknown {
  return parseOutputDetailed(text, options).value;
}

/** {@link parseOutput}, also telling whether the value was repaired, which format produced it, and the reasoning. */
export function parseOutputDetailed(text: string, options: ParseOutputOptions = {}): DetailedParse {
  checkChunk('parseOutput text', text);
  checkParserOptions('parseOutput options', options, false);
  // parseOutput is synchronous and repairs: it brings the json format's lenient reader along.
  provideJsonRepair(parseJsonText);
  const { definition } = resolveFormat(
    options.format,
    'json',
    options.output,
    options.formats,
    'parseOutput options.format',
  );
  const { reasoning, answer } = splitReasoning(text);
  try {
    return {
      ...parseAnswer(answer, { definition, output: options.output, maxDepth: options.maxDepth }),
      reasoning,
    };
  } catch (error) {
    // The answer's parser saw only the answer; the caller should get back the text it gave.
    if (error instanceof OutputParseError && error.rawText !== text) throw withRawText(error, text);
    throw error;
  }
}

function withRawText(error: OutputParseError, rawText: string): OutputParseError {
  const prefix = `Could not parse the ${error.format} output: `;
  const reason = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return new OutputParseError(error.format, reason, { rawText, attempt: error.attempt, cause: error });
}
