import { fromWireError, toWireError } from '../patch-stream/wire-events';
import { validateWithSchema } from '../response/validation/standard-schema-stage';
import {
  normaliseVerdict,
  type ValidationContext,
  type Validator,
  type ValidatorVerdict,
  validatorName,
} from '../response/validation/validator';
import type { OutputDefinition } from '../schema/define-output';
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
    const { reason } = schema.failure;
    const verdict: WireVerdict =
      schema.failure.stage === 'validator'
        ? {
            ok: false,
            validatorName: schema.failure.validatorName,
            reason,
            payload: schema.failure.payload,
            noRetry: false,
          }
        : { ok: false, validatorName: 'schema', reason, noRetry: false };
    return { verdict };
  } catch (error) {
    return { verdict: { ok: 'threw', error: toWireError(error) } };
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
    const verdict = normaliseVerdict(
      await (run as (d: unknown, c: ValidationContext) => unknown)(data, context),
      validatorName(validator, index),
    );
    if (!verdict.ok) {
      const { raise, ...rest } = verdict;
      return {
        ...rest,
        payload: cloneable(rest.payload),
        ...(raise === undefined ? {} : { raise: toWireError(raise) }),
      };
    }
  }
  return undefined;
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
