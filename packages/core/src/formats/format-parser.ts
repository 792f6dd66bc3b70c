import type { StreamingData } from '../patch/streaming-data';
import type { OutputDefinition } from '../schema/define-output';
import type { FormatName } from '../schema/select-format';

/** The authoritative parse of a whole text. */
export type FinalParse = {
  value: unknown;
  /** A truncated or malformed payload had to be closed or repaired to get `value`. */
  repaired: boolean;
  /** The format that produced `value` (`json` when a text format fell back to JSON). */
  format: FormatName;
};

/**
 * What each format implements for streaming. It sees the answer text only: the leading
 * `<think>` block is split off before it (see `createStreamParser`).
 */
export interface FormatStreamParser {
  /** Consumes a chunk; returns the events it completes. Work proportional to the chunk. */
  push(chunk: string): StreamingData[];
  /**
   * End of text. `final` is the final parse of the whole answer, or `undefined` when it failed.
   * Closes every still-open path: a string gets a delta for any text the final value adds, then
   * `done`; the `done` value is the final value at that path when there is one. Its
   * `completion_source` is `final_reconciliation` when `final` is defined and not repaired,
   * otherwise `synthetic_repair`.
   */
  finish(final: FinalParse | undefined): StreamingData[];
  /** The current partial value, structurally shared (no deep copy per call). */
  snapshot(): unknown;
  /**
   * Optional: the final parse of the text so far when the stream itself has proved it, else
   * `undefined`; `finish` then uses it instead of parsing the whole text again. It must equal what
   * the format's final parser returns for that text (json: a text that is exactly one strict JSON
   * document, whose value is `JSON.parse`'s).
   */
  provenFinal?(): FinalParse | undefined;
}

/** Options every format's stream parser accepts. */
export type FormatParserOptions = {
  output?: OutputDefinition | undefined;
  /** Deepest nesting accepted before a `DepthLimitError` (default: unlimited). */
  maxDepth?: number | undefined;
};

/** A format's final parser: whole answer text → value, or throws `OutputParseError`. */
export type FormatFinalParser = (text: string, options: FormatParserOptions) => FinalParse;

/**
 * What parsing needs of a format: a {@link FormatDefinition} without its prompt instructions. The
 * built-in json entry of the registry is one, so a parser-only bundle carries no prompt text; the
 * response supplies json's instructions itself.
 */
export type FormatParsing = Omit<FormatDefinition, 'instructions'> & {
  instructions?: FormatDefinition['instructions'];
};

/** Everything one format provides. Each format exports one of these from `formats/<name>/`. */
export type FormatDefinition = {
  name: FormatName;
  /** The `[OUTPUT REQUIREMENT]` text that asks a model for this format (our own wording). */
  instructions(output: OutputDefinition | undefined): string;
  /** Whole answer text (reasoning already split off) → value. Throws `OutputParseError`. */
  parse: FormatFinalParser;
  /**
   * The text formats' "JSON fallback" (docs/formats.md §1; `formats/common/json-fallback.ts`): called with
   * `parse` in its place; when `parse` finds nothing, the lenient JSON parser's object is the value.
   */
  parseWithJsonFallback?(parse: FormatFinalParser, answer: string, options: FormatParserOptions): FinalParse;
  /** A fresh incremental parser for one answer. */
  createStreamParser(options: FormatParserOptions): FormatStreamParser;
  /**
   * Loads what parsing `answer` needs but the format keeps out of the first bundle chunk
   * (yaml_literal: the `yaml` package, for documents beyond its fast subset); without `answer`,
   * loads it unconditionally (json: its lenient reader, unless `answer` is strict JSON within
   * `options.maxDepth`). Responses await it before their final parse.
   */
  prepare?(answer?: string, options?: FormatParserOptions): Promise<void>;
};
