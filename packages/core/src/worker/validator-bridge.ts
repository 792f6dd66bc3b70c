import { errorMessage } from '../errors/error-message';
import { appendSegment, type PathSegment, parsePath, WILDCARD } from '../patch/path';
import { fromWireError, toWireError } from '../patch-stream/wire-events';
import {
  type FieldValidationContext,
  type FieldValidator,
  type FieldValidators,
  judgeField,
} from '../response/validation/field-validator';
import { type RemoteFieldSchema, standardFieldValidate } from '../response/validation/standard-field-schema';
import { SCHEMA_VALIDATOR_NAME, validateWithSchema } from '../response/validation/standard-schema-stage';
import {
  type NormalisedVerdict,
  runValidator,
  type ValidationContext,
  type Validator,
  type ValidatorVerdict,
  validatorName,
} from '../response/validation/validator';
import type { OutputDefinition } from '../schema/define-output';
import { standardSourceOf } from '../schema/standard-source';
import type { WireValidationContext, WireVerdict } from './protocol';

/**
 * Main thread: runs the validators in order, then the output's Standard Schema, on one attempt's
 * final data; the first failure is the verdict (the worker's response then retries with it). With
 * an `ok` verdict comes the schema's output (transforms and defaults applied): the attempt's data.
 */
export async function runMainValidators(
  validators: readonly Validator<never>[],
  output: OutputDefinition | undefined,
  data: unknown,
  wire: WireValidationContext,
): Promise<{ verdict: WireVerdict; output?: unknown }> {
  try {
    const failure = await firstFailure(validators, data, { ...wire, data, prompt: {}, settings: {} });
    if (failure !== undefined) return { verdict: failure };
    const schema = await validateWithSchema(output, data);
    if (schema.ok) return { verdict: { ok: true }, output: schema.data };
    const { failure: rejected } = schema;
    if (rejected.stage === 'validator_error') return { verdict: threwVerdict(rejected.error) };
    const verdict: WireVerdict =
      rejected.stage === 'validator'
        ? {
            ok: false,
            validatorName: rejected.validatorName,
            reason: rejected.reason,
            payload: rejected.payload,
            noRetry: false,
          }
        : { ok: false, validatorName: 'schema', reason: rejected.reason, noRetry: false };
    return { verdict };
  } catch (error) {
    return { verdict: threwVerdict(error) };
  }
}

/** The first rejection of the validators, in order, as it crosses back. */
async function firstFailure(
  validators: readonly Validator<never>[],
  data: unknown,
  wireContext: WireValidationContext & { data: unknown; prompt: object; settings: object },
): Promise<WireVerdict | undefined> {
  const context = wireContext as unknown as ValidationContext;
  for (const [index, validator] of validators.entries()) {
    const run = typeof validator === 'function' ? validator : validator.validate;
    const verdict = await runValidator(run, data, context, validatorName(validator, index));
    if (verdict.ok === 'threw') return threwVerdict(verdict.error);
    if (!verdict.ok) return wireRejection(verdict);
  }
  return undefined;
}

/**
 * Main thread: judges one field a worker saw close (decision 0022): the Standard Schema's rule at
 * its wildcard path (`check` `''`; a pass when no sub-schema can be isolated), or the
 * `validateField` validator registered under `check`.
 */
export async function runMainFieldCheck(
  output: OutputDefinition | undefined,
  validateField: FieldValidators | undefined,
  check: string,
  value: unknown,
  context: FieldValidationContext,
): Promise<WireVerdict> {
  try {
    if (check === '') {
      const schema = output === undefined ? undefined : standardSourceOf(output);
      const validate =
        schema === undefined ? undefined : standardFieldValidate(schema, parsePath(context.wildcardPath));
      const result = await validate?.(value);
      if (result?.issues === undefined) return { ok: true };
      const reason =
        result.issues.map((issue) => errorMessage(issue.message)).join('; ') || 'the schema rejected the field';
      return { ok: false, validatorName: SCHEMA_VALIDATOR_NAME, reason, noRetry: false };
    }
    const validator =
      validateField !== undefined && Object.hasOwn(validateField, check) ? validateField[check] : undefined;
    if (validator === undefined) return { ok: true };
    // As in the page: a validator that throws rejects the field (`judgeField`).
    const verdict = await judgeField(validator, value, context, validator.name !== '' ? validator.name : check);
    return verdict.ok ? { ok: true } : wireRejection(verdict);
  } catch (error) {
    // What the schema threw (a validator's throw is its verdict already): the worker gives the field
    // no early verdict, as the page does.
    return threwVerdict(error);
  }
}

/** A rejection as it crosses: its payload cloned (or dropped), its `raise` error made plain. */
function wireRejection(verdict: Extract<NormalisedVerdict, { ok: false }>): WireVerdict {
  const { raise, ...rest } = verdict;
  return { ...rest, payload: cloneable(rest.payload), ...(raise === undefined ? {} : { raise: toWireError(raise) }) };
}

/**
 * What a validator or schema threw, as it crosses. Never throws: a value `toWireError` cannot read
 * (a revoked Proxy, a throwing `name`) crosses as its message.
 */
function threwVerdict(error: unknown): WireVerdict {
  try {
    return { ok: 'threw', error: toWireError(error) };
  } catch {
    return { ok: 'threw', error: toWireError(errorMessage(error)) };
  }
}

type AskField = (check: string, value: unknown, context: FieldValidationContext) => Promise<WireVerdict>;

/** Worker: the main thread's `validateField` validator under `check`, asked per field. */
export function proxyFieldValidator(check: string, ask: AskField): FieldValidator {
  return async (value, context) => asVerdict(await ask(check, value, context));
}

/** Worker: the main thread's Standard Schema, asked for the rule of each field that closes. */
export function remoteFieldSchema(ask: AskField): RemoteFieldSchema {
  return {
    fieldValidate: (segments) => async (value) => {
      const wildcardPath = formatWildcardPath(segments);
      const context = { path: wildcardPath, wildcardPath, attemptIndex: 0, maxRetries: 0, input: undefined };
      const verdict = await ask('', value, context);
      if (verdict.ok === true) return { value };
      if (verdict.ok === 'threw') throw fromWireError(verdict.error);
      return { issues: [{ message: verdict.reason }] };
    },
  };
}

function formatWildcardPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) out = segment === WILDCARD ? `${out}[*]` : appendSegment(out, segment);
  return out;
}

/** A verdict from the main thread as a validator's answer (a thrown error is thrown again here). */
function asVerdict(verdict: WireVerdict): ValidatorVerdict {
  if (verdict.ok === true) return { ok: true };
  if (verdict.ok === 'threw') throw fromWireError(verdict.error);
  return {
    ok: false,
    reason: verdict.reason,
    payload: verdict.payload,
    validator_name: verdict.validatorName,
    no_retry: verdict.noRetry,
    ...(verdict.raise === undefined ? {} : { error: fromWireError(verdict.raise) }),
  };
}

/** Worker: a validator that asks the main thread and answers with its verdict. */
export function proxyValidator(ask: (data: unknown, context: WireValidationContext) => Promise<WireVerdict>) {
  return async function mainThread(data: unknown, context: ValidationContext): Promise<ValidatorVerdict> {
    const verdict = await ask(data, {
      attemptIndex: context.attemptIndex,
      retryCount: context.retryCount,
      maxRetries: context.maxRetries,
      promptText: context.promptText,
      input: context.input,
      text: context.text,
      format: context.format,
    });
    return asVerdict(verdict);
  };
}

/** A payload that survives `postMessage` (functions and the like are dropped to `undefined`). */
function cloneable(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}
