import { ArgumentError } from '../errors/argument-error';
import {
  checkObject,
  checkOneOf,
  checkOptionalFunction,
  checkOptionalWholeNumber,
  invalid,
} from '../errors/check-argument';

/** Every value the `format` options accept. */
export const FORMAT_OPTIONS: readonly string[] = [
  'auto',
  'json',
  'hybrid',
  'xml_field',
  'yaml_literal',
  'flat_markdown',
  'text',
];

/** The options shared by `createStreamParser` and `parseOutput`; `format` required when `needsFormat`. */
export function checkParserOptions(where: string, options: unknown, needsFormat: boolean): void {
  checkObject(where, options);
  if (needsFormat || options.format !== undefined) checkOneOf(`${where}.format`, options.format, FORMAT_OPTIONS);
  checkOptionalWholeNumber(`${where}.maxDepth`, options.maxDepth, 1, true);
  checkOutput(`${where}.output`, options.output);
  checkOptionalFunction(`${where}.onText`, options.onText);
}

/** An `OutputDefinition` (from `defineOutput`) when given. */
export function checkOutput(where: string, output: unknown): void {
  if (output === undefined) return;
  const root = (output as { root?: { kind?: unknown } } | null)?.root;
  if (output === null || typeof output !== 'object' || typeof root?.kind !== 'string') {
    throw invalid(where, 'an output definition from defineOutput()', output);
  }
}

/** A chunk of model text. */
export function checkChunk(where: string, chunk: unknown): asserts chunk is string {
  if (typeof chunk !== 'string') throw invalid(where, 'a string', chunk);
}

/** `push` once the answer ended: the text would be dropped without a word. */
export function finishedError(where: string): ArgumentError {
  return new ArgumentError(
    where,
    `${where}: the parser has finished (finish() was called); create a new parser for another answer`,
    'PARSER_FINISHED',
  );
}
