// Barrel for formats/: owned by the formats work; index.ts re-exports it.

export { type CreateStreamParserOptions, createStreamParser, type StreamParser } from './create-stream-parser';
export type {
  FinalParse,
  FormatDefinition,
  FormatFinalParser,
  FormatParserOptions,
  FormatStreamParser,
} from './format-parser';
export { type JsonStreamHalt, JsonStreamParser, type JsonStreamParserOptions } from './json/json-stream-parser';
export { type ParseAnswerOptions, parseAnswer } from './parse-answer';
export { type DetailedParse, type ParseOutputOptions, parseOutput, parseOutputDetailed } from './parse-output';
