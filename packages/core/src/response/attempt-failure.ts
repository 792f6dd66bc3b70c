import { errorMessage } from '../errors/error-message';
import { FieldstreamError, OutputParseError } from '../errors/errors';
import { EnsureError, OutputContractError, ValidationError } from '../errors/rejection-errors';
import { parsePath } from '../patch/path';
import { correctionText } from '../prompt/correction-block';
import type { OutputContractDiagnostic } from '../providers/output-contract/validate-output-contract';
import type { FormatName } from '../schema/select-format';
import type { ObservationEvent, RetryReason } from './observation-events';
import type { FieldRejection } from './validation/field-validator';
import type { ValidationFailure } from './validation/validation-failure';

// Only a rejected answer needs this module (its errors, observations and correction wording), so
// the response loads it on demand (decision 0013). A request failure is built by the loop itself.

/** Why an attempt failed, what the retry is told, and what is thrown when no retry follows. */
export type AttemptFailure = {
  retryReason: RetryReason;
  /** A retry may follow (budget permitting). */
  retryable: boolean;
  /** The next `[OUTPUT CORRECTION]` block's text; undefined keeps the current one. */
  correction?: string;
  /** Reported (`error` event) when no retry follows; thrown by `getData()` unless `thrown` is set. */
  error: FieldstreamError;
  /** A validator's own `raise` error that is not a FieldstreamError: thrown as is, reported wrapped in `error`. */
  thrown?: Error;
  /** Throw `error` at once, whatever the budget and `raiseEnsureFailure` say. */
  raiseNow?: boolean;
  /** The attempt parsed data that failed a later stage (returned when `raiseEnsureFailure` is off). */
  hasData?: boolean;
  data?: unknown;
  validatorName?: string;
  reason: string;
  payload?: unknown;
  /** The rejected field's path, when one field failed (decision 0022). */
  path?: string;
};

/** What rejected a finished attempt, as the loop found it (nothing built or reported yet). */
export type Rejection =
  | { stage: 'output_contract'; diagnostic: OutputContractDiagnostic }
  | { stage: 'parse'; error: FieldstreamError | undefined; format: FormatName }
  | { stage: 'data'; failure: ValidationFailure; data: unknown }
  /** A field was rejected while the answer streamed: the attempt stopped there, without data. */
  | { stage: 'field'; rejection: FieldRejection };

type Observe = (event: ObservationEvent) => void;

/** Reports a rejected attempt to the observation log and says what follows it. */
export function rejectAttempt(rejection: Rejection, text: string, attempt: number, observe: Observe): AttemptFailure {
  const options = { rawText: text, attempt };
  if (rejection.stage === 'parse') {
    const error = rejection.error ?? new OutputParseError(rejection.format, 'nothing could be parsed', options);
    observe(failed(attempt, 'parse', error.message, undefined));
    return rejected('parse_failed', error, error.message);
  }
  if (rejection.stage === 'output_contract') {
    const { diagnostic } = rejection;
    observe(failed(attempt, 'output_contract', diagnostic.message, diagnostic));
    const error = new OutputContractError(diagnostic.code, diagnostic.message, diagnostic, options);
    return rejected('output_contract_failed', error, diagnostic.message);
  }
  if (rejection.stage === 'field') return rejectField(rejection.rejection, options, observe, undefined);
  const { failure, data } = rejection;
  const { reason } = failure;
  switch (failure.stage) {
    case 'field':
      return rejectField(failure.rejection, options, observe, data);
    case 'strict_shape':
    case 'ensure': {
      observe(failed(attempt, failure.stage, reason, failure.failures));
      const strict = failure.stage === 'strict_shape';
      return rejected(
        strict ? 'strict_shape_failed' : 'ensure_failed',
        new EnsureError(failure.failures, options),
        reason,
        {
          hasData: true,
          data,
          correction: correctionText(
            `${strict ? 'Every key of the output must be present' : 'Required fields are missing or empty'}: ${reason}`,
          ),
        },
      );
    }
    case 'validator': {
      const { validatorName, payload, raise } = failure;
      observe({ ...failed(attempt, 'validator', reason, payload), validator_name: validatorName });
      const error =
        raise === undefined ? new ValidationError(validatorName, reason, payload, options) : raisedError(raise);
      return rejected('validation_failed', error, reason, {
        thrown: raise,
        hasData: true,
        data,
        retryable: !failure.noRetry && raise === undefined,
        raiseNow: raise !== undefined,
        validatorName,
        payload,
      });
    }
    case 'validator_error': {
      const { validatorName } = failure;
      observe({ type: 'model.validation_error', attempt, validator_name: validatorName, error: failure.error });
      const error = new ValidationError(validatorName, reason, undefined, { ...options, cause: failure.error });
      return rejected('validation_error', error, reason, { hasData: true, data, validatorName });
    }
  }
}

/**
 * A rejected field, while streaming or at the end: the correction names the field, its path and
 * the reason; with `data` (found at the end) it is returned when `raiseEnsureFailure` is off.
 */
function rejectField(
  rejection: FieldRejection,
  options: { rawText: string; attempt: number },
  observe: Observe,
  data: unknown,
): AttemptFailure {
  const { path, validatorName, reason, payload, raise } = rejection;
  observe({ ...failed(options.attempt, 'field', reason, payload), validator_name: validatorName, path });
  const error =
    raise === undefined
      ? new ValidationError(validatorName, `${path}: ${reason}`, payload, options)
      : raisedError(raise);
  const field = String(
    parsePath(path)
      .filter((segment) => typeof segment === 'string')
      .at(-1) ?? path,
  );
  return rejected('field_rejected', error, reason, {
    correction: correctionText(`the field "${field}" (path ${path}) was rejected: ${reason}`),
    thrown: raise,
    hasData: data !== undefined,
    data,
    retryable: !rejection.noRetry && raise === undefined,
    raiseNow: raise !== undefined,
    validatorName,
    payload,
    path,
  });
}

/** An error a validator raised, as a FieldstreamError (the original is its cause). */
function raisedError(raise: Error): FieldstreamError {
  if (raise instanceof FieldstreamError) return raise;
  return new FieldstreamError('VALIDATION_RAISED', errorMessage(raise), { cause: raise });
}

/** A failure whose correction quotes `reason`, unless `fields` say otherwise. */
function rejected(
  retryReason: RetryReason,
  error: FieldstreamError,
  reason: string,
  fields?: Partial<AttemptFailure>,
): AttemptFailure {
  return { retryReason, retryable: true, correction: correctionText(reason), error, reason, ...fields };
}

function failed(
  attempt: number,
  stage: Extract<ObservationEvent, { type: 'model.validation_failed' }>['stage'],
  reason: string,
  payload: unknown,
): Extract<ObservationEvent, { type: 'model.validation_failed' }> {
  return {
    type: 'model.validation_failed',
    attempt,
    stage,
    validator_name: stage,
    validation_reason: reason,
    validation_payload: payload,
  };
}
