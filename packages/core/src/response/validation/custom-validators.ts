import { thrownReason } from './thrown-reason';
import type { ValidationFailure } from './validation-failure';
import { runValidator, type ValidationContext, type Validator, validatorName } from './validator';

/**
 * Step 4 of the validation pipeline: the custom validators, in order, up to the first that rejects
 * the data or throws. Loaded on demand (decision 0013) by a response that has validators.
 */
export async function runValidators(
  data: unknown,
  validators: readonly Validator<never>[],
  context: ValidationContext,
): Promise<ValidationFailure | undefined> {
  for (const [index, validator] of validators.entries()) {
    const name = validatorName(validator, index);
    const run = typeof validator === 'function' ? validator : validator.validate;
    const verdict = await runValidator(run, data, context, name);
    if (verdict.ok === 'threw') {
      const { error } = verdict;
      return { stage: 'validator_error', validatorName: name, reason: thrownReason(name, error), error };
    }
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
