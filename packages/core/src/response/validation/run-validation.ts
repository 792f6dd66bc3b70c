import type { OutputDefinition } from '../../schema/define-output';
import { checkEnsurePaths, type EnsureFailure } from './ensure-paths';
import type { ValidationFailure } from './validation-failure';
import type { ValidationContext, Validator } from './validator';

export type ValidateDataOptions = {
  output: OutputDefinition | undefined;
  /** Step 2: every schema key must be present. */
  ensureAllKeys: boolean;
  /** Step 4, in order: the `.validate()` chain first, then the per-call ones. */
  validators: readonly Validator<never>[];
  context: ValidationContext;
  /**
   * The attempt's field checks, run over the final data after ensure: the schema's rules per field
   * and the field validators (docs/decisions/0022-validate-while-streaming.md).
   */
  fieldChecks?: Promise<{ atEnd(data: unknown): Promise<ValidationFailure | undefined> }>;
};

/**
 * Runs steps 2–4 of the validation pipeline on parsed data: strict shape (when
 * `ensureAllKeys`), ensured paths, then custom validators in order. Stops at the first failure.
 * Strict shape and the validators are opt-in, so they load on demand (decision 0013).
 */
export async function validateData(
  data: unknown,
  options: ValidateDataOptions,
): Promise<ValidationFailure | undefined> {
  const { output } = options;
  if (output !== undefined && options.ensureAllKeys) {
    const strictShape = await import('./strict-shape');
    const failures = strictShape.checkAllKeys(data, output.root);
    if (failures.length > 0) return { stage: 'strict_shape', failures, reason: describeFailures(failures) };
  }
  if (output !== undefined) {
    const failures = checkEnsurePaths(data, output.ensureKeys, output.root);
    if (failures.length > 0) return { stage: 'ensure', failures, reason: describeFailures(failures) };
  }
  const field = await (await options.fieldChecks)?.atEnd(data);
  if (field !== undefined) return field;
  if (options.validators.length === 0) return undefined;
  const custom = await import('./custom-validators');
  return custom.runValidators(data, options.validators, options.context);
}

/** `items[1].name is null; summary is missing` — the concrete reasons, for corrections and errors. */
function describeFailures(failures: readonly EnsureFailure[]): string {
  return failures.map((failure) => failure.reason).join('; ');
}
