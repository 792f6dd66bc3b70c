import type { OutputDefinition } from '../../schema/define-output';
import { checkEnsurePaths, type EnsureFailure } from './ensure-paths';
import { checkAllKeys } from './strict-shape';
import { normaliseVerdict, type ValidationContext, type Validator, validatorName } from './validator';

/** The first stage of DESIGN.md §4 steps 2–4 that rejected the data. */
export type ValidationFailure =
  | { stage: 'strict_shape' | 'ensure'; failures: EnsureFailure[]; reason: string }
  | {
      stage: 'validator';
      validatorName: string;
      reason: string;
      payload: unknown;
      noRetry: boolean;
      raise: Error | undefined;
    }
  | { stage: 'validator_error'; validatorName: string; reason: string; error: unknown };

export type ValidateDataOptions = {
  output: OutputDefinition | undefined;
  /** Step 2: every schema key must be present. */
  ensureAllKeys: boolean;
  /** Step 4, in order: the `.validate()` chain first, then the per-call ones. */
  validators: readonly Validator<never>[];
  context: ValidationContext;
};

/**
 * Runs steps 2–4 of the validation pipeline on parsed data: strict shape (when
 * `ensureAllKeys`), ensured paths, then custom validators in order. Stops at the first failure.
 */
export async function validateData(
  data: unknown,
  options: ValidateDataOptions,
): Promise<ValidationFailure | undefined> {
  const { output } = options;
  if (output !== undefined && options.ensureAllKeys) {
    const failures = checkAllKeys(data, output.root);
    if (failures.length > 0) return { stage: 'strict_shape', failures, reason: describeFailures(failures) };
  }
  if (output !== undefined) {
    const failures = checkEnsurePaths(data, output.ensureKeys);
    if (failures.length > 0) return { stage: 'ensure', failures, reason: describeFailures(failures) };
  }
  for (const [index, validator] of options.validators.entries()) {
    const name = validatorName(validator, index);
    const run = typeof validator === 'function' ? validator : validator.validate;
    let result: unknown;
    try {
      result = await run(data as never, options.context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { stage: 'validator_error', validatorName: name, reason: `${name} threw: ${message}`, error };
    }
    const verdict = normaliseVerdict(result, name);
    if (!verdict.ok) {
      return {
        stage: 'validator',
        validatorName: verdict.validatorName,
        reason: verdict.reason,
        payload: verdict.payload,
        noRetry: verdict.noRetry,
        raise: verdict.raise,
      };
    }
  }
  return undefined;
}

/** `items[1].name is null; summary is missing` — the concrete reasons, for corrections and errors. */
function describeFailures(failures: readonly EnsureFailure[]): string {
  return failures.map((failure) => failure.reason).join('; ');
}
