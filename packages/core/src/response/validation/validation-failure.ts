import type { EnsureFailure } from './ensure-paths';
import type { FieldRejection } from './field-validator';

/** The first stage of docs/architecture.md §4.3 steps 2–4 that rejected the data. */
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
  | { stage: 'validator_error'; validatorName: string; reason: string; error: unknown }
  /** A field broke the schema's rule for it, or its field validator (decision 0022). */
  | { stage: 'field'; rejection: FieldRejection; reason: string };
