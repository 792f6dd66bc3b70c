import { ArgumentError } from '../errors/argument-error';
import {
  checkFunction,
  checkObject,
  checkOneOf,
  checkOptionalBoolean,
  checkOptionalObject,
  checkOptionalSignal,
  checkOptionalString,
  checkOptionalWholeNumber,
  invalid,
} from '../errors/check-argument';
import { errorMessage } from '../errors/error-message';
import { FORMAT_OPTIONS } from '../formats/check-parser-options';
import { parsePath } from '../patch/path';
import { resolveRetryPolicy } from './retry-policy';

const WHERE = 'createResponse options';

/** Entry checks of `createResponse`: every option has the documented type (ArgumentError otherwise). */
export function checkResponseOptions(options: unknown): void {
  try {
    checkEach(options);
  } catch (error) {
    // One stable code for every createResponse option (the code maxRetries always had).
    if (error instanceof ArgumentError)
      throw new ArgumentError(error.argument, error.message, 'RESPONSE_OPTIONS_INVALID');
    throw error;
  }
}

function checkEach(options: unknown): void {
  checkObject(WHERE, options);
  checkFunction(`${WHERE}.model`, options.model);
  if (options.format !== undefined) checkOneOf(`${WHERE}.format`, options.format, FORMAT_OPTIONS);
  checkOptionalWholeNumber(`${WHERE}.maxRetries`, options.maxRetries);
  checkOptionalWholeNumber(`${WHERE}.maxDepth`, options.maxDepth, 1, true);
  checkOptionalSignal(`${WHERE}.signal`, options.signal);
  checkOptionalBoolean(`${WHERE}.raiseEnsureFailure`, options.raiseEnsureFailure);
  checkOptionalBoolean(`${WHERE}.ensureAllKeys`, options.ensureAllKeys);
  checkOptionalString(`${WHERE}.system`, options.system);
  checkOptionalObject(`${WHERE}.settings`, options.settings);
  checkOptionalObject(`${WHERE}.capabilities`, options.capabilities);
  if (options.output !== undefined && typeof options.output !== 'function') {
    checkObject(`${WHERE}.output`, options.output); // a definition, a Standard Schema or a JSON Schema
  }
  checkInstruct(options.instruct);
  checkResponseFormat(options.responseFormat);
  if (options.validate !== undefined) {
    const list = Array.isArray(options.validate) ? options.validate : [options.validate];
    const indexed = Array.isArray(options.validate);
    list.forEach((validator, i) => {
      checkValidator(`${WHERE}.validate${indexed ? `[${i}]` : ''}`, validator);
    });
  }
  checkOptionalBoolean(`${WHERE}.earlyValidation`, options.earlyValidation);
  checkFieldValidators(options.validateField);
  resolveRetryPolicy(options.retry, `${WHERE}.retry`);
  checkSerialisable(options.input);
}

/** A validator: a function, or `{ name, validate }`. */
export function checkValidator(where: string, validator: unknown): void {
  if (typeof validator === 'function') return;
  const named = validator as { name?: unknown; validate?: unknown } | null;
  if (
    named === null ||
    typeof named !== 'object' ||
    typeof named.name !== 'string' ||
    typeof named.validate !== 'function'
  ) {
    throw invalid(where, 'a validator function or { name, validate }', validator);
  }
}

/** `validateField`: `{ path: function }`; a key that is no path throws its `PathSyntaxError`. */
function checkFieldValidators(validateField: unknown, where = `${WHERE}.validateField`): void {
  if (validateField === undefined) return;
  checkObject(where, validateField);
  for (const [path, validator] of Object.entries(validateField)) {
    checkFunction(`${where}[${JSON.stringify(path)}]`, validator);
    parsePath(path);
  }
}

function checkInstruct(instruct: unknown): void {
  if (instruct === undefined || typeof instruct === 'string') return;
  if (Array.isArray(instruct) && instruct.every((line) => typeof line === 'string')) return;
  throw invalid(`${WHERE}.instruct`, 'a string or a list of strings', instruct);
}

function checkResponseFormat(format: unknown): void {
  if (format === undefined) return;
  checkObject(`${WHERE}.responseFormat`, format);
  checkOneOf(`${WHERE}.responseFormat.type`, format.type, ['text', 'json_object', 'json_schema']);
  if (format.type === 'json_schema') checkObject(`${WHERE}.responseFormat.schema`, format.schema);
}

/** The input goes into the prompt as JSON: a cyclic value would silently become "[object Object]". */
function checkSerialisable(input: unknown): void {
  if (input === null || typeof input !== 'object') return;
  try {
    JSON.stringify(input);
  } catch (error) {
    const reason = errorMessage(error).split('\n')[0];
    throw invalid(`${WHERE}.input`, `a JSON-serialisable value (${reason})`, input);
  }
}
