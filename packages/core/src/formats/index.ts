// Barrel for formats/: index.ts re-exports it. Besides the parsers, each format's definition
// (`jsonFormat`…: name, instructions, final parse, stream parser) and `formats`, the registry by name.

export { type CreateStreamParserOptions, createStreamParser, type StreamParser } from './create-stream-parser';
export { flatMarkdownFormat } from './flat-markdown/index';
export type {
  FinalParse,
  FormatDefinition,
  FormatFinalParser,
  FormatParserOptions,
  FormatStreamParser,
} from './format-parser';
export { hybridFormat } from './hybrid/index';
export { jsonFormat } from './json/index';
export { type JsonStreamHalt, JsonStreamParser, type JsonStreamParserOptions } from './json/json-stream-parser';
export { type ParseAnswerOptions, parseAnswer } from './parse-answer';
export { type DetailedParse, type ParseOutputOptions, parseOutput, parseOutputDetailed } from './parse-output';
export { formats } from './registry';
export { textFormat } from './text/index';
export { xmlFieldFormat } from './xml-field/index';
export { yamlLiteralFormat } from './yaml-literal/index';
