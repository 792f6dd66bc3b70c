import { FieldstreamError, type FieldstreamErrorOptions } from './errors';

// The errors of a rejected answer: only built once an answer failed a check, so they stay out of
// the first chunk of a response bundle (decision 0013).

/** Ensured paths were missing or empty after the retry budget ran out. */
export class EnsureError extends FieldstreamError {
  override name = 'EnsureError';
  constructor(
    /** The failing wildcard paths with why each failed. */
    readonly failures: readonly { path: string; level: 'presence' | 'not_null'; reason: string }[],
    options: FieldstreamErrorOptions = {},
  ) {
    super(
      'ENSURE_FAILED',
      `Ensured fields failed: ${failures.map((f) => `${f.path} (${f.reason})`).join('; ')}`,
      options,
    );
  }
}

/** A custom validator rejected the data after the retry budget ran out (or asked to stop). */
export class ValidationError extends FieldstreamError {
  override name = 'ValidationError';
  constructor(
    readonly validatorName: string,
    readonly reason: string,
    readonly payload: unknown,
    options: FieldstreamErrorOptions = {},
  ) {
    super('VALIDATION_FAILED', `Validator ${validatorName} rejected the output: ${reason}`, options);
  }
}

/**
 * A structured-output contract failed: it could not be planned for the provider
 * (`OUTPUT_CONTRACT_REJECTED`), or the final text broke it (`BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT`,
 * with the diagnostic).
 */
export class OutputContractError extends FieldstreamError {
  override name = 'OutputContractError';
  constructor(
    code: 'OUTPUT_CONTRACT_REJECTED' | 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT',
    message: string,
    /** `{ code, path: 'response.output_text', message }` when the final text broke the contract. */
    readonly diagnostic: { code: string; path: string; message: string } | undefined,
    options: FieldstreamErrorOptions = {},
  ) {
    super(code, message, options);
  }
}
