import { EnsureError, type FieldstreamError, OutputContractError, ValidationError } from '../errors/errors';
import type { OutputContractDiagnostic } from '../providers/output-contract/validate-output-contract';
import type { RetryReason } from './observation-events';
import type { ValidationFailure } from './validation/run-validation';

/** Why an attempt failed, what the retry is told, and what is thrown when no retry follows. */
export type AttemptFailure = {
  retryReason: RetryReason;
  /** A retry may follow (budget permitting). */
  retryable: boolean;
  /** The reason quoted in the next `[OUTPUT CORRECTION]`; undefined keeps the current one. */
  correction: string | undefined;
  /** Thrown by `getData()` when no retry follows. */
  error: Error;
  /** Throw `error` at once, whatever the budget and `raiseEnsureFailure` say. */
  raiseNow: boolean;
  /** The attempt parsed data that failed a later stage (returned when `raiseEnsureFailure` is off). */
  hasData: boolean;
  data: unknown;
  validatorName: string | undefined;
  reason: string;
  payload: unknown;
};

type Context = { text: string; attempt: number };

export function requestFailure(error: FieldstreamError, retryable: boolean): AttemptFailure {
  return base('request_failed', error, { retryable, reason: error.message });
}

export function contractFailure(diagnostic: OutputContractDiagnostic, context: Context): AttemptFailure {
  const error = new OutputContractError(diagnostic.code, diagnostic.message, diagnostic, {
    rawText: context.text,
    attempt: context.attempt,
  });
  return base('output_contract_failed', error, { correction: diagnostic.message, reason: diagnostic.message });
}

export function parseFailure(error: FieldstreamError): AttemptFailure {
  return base('parse_failed', error, { correction: error.message, reason: error.message });
}

/** A failure of validation steps 2–4, on data that did parse. */
export function dataFailure(failure: ValidationFailure, data: unknown, context: Context): AttemptFailure {
  const options = { rawText: context.text, attempt: context.attempt };
  const withData = { hasData: true, data };
  switch (failure.stage) {
    case 'strict_shape':
      return base('strict_shape_failed', new EnsureError(failure.failures, options), {
        ...withData,
        correction: `Every key of the output must be present: ${failure.reason}`,
        reason: failure.reason,
      });
    case 'ensure':
      return base('ensure_failed', new EnsureError(failure.failures, options), {
        ...withData,
        correction: `Required fields are missing or empty: ${failure.reason}`,
        reason: failure.reason,
      });
    case 'validator': {
      const error =
        failure.raise ?? new ValidationError(failure.validatorName, failure.reason, failure.payload, options);
      return base('validation_failed', error, {
        ...withData,
        retryable: !failure.noRetry && failure.raise === undefined,
        raiseNow: failure.raise !== undefined,
        correction: failure.reason,
        validatorName: failure.validatorName,
        reason: failure.reason,
        payload: failure.payload,
      });
    }
    case 'validator_error': {
      const error = new ValidationError(failure.validatorName, failure.reason, undefined, {
        ...options,
        cause: failure.error,
      });
      return base('validation_error', error, {
        ...withData,
        correction: failure.reason,
        validatorName: failure.validatorName,
        reason: failure.reason,
      });
    }
  }
}

function base(retryReason: RetryReason, error: Error, fields: Partial<AttemptFailure>): AttemptFailure {
  return {
    retryReason,
    retryable: true,
    correction: undefined,
    error,
    raiseNow: false,
    hasData: false,
    data: undefined,
    validatorName: undefined,
    reason: '',
    payload: undefined,
    ...fields,
  };
}
