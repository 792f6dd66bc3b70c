import type { FieldstreamError } from '../errors/errors';
import type { FormatName } from '../schema/select-format';

/** Why a retry happens. */
export type RetryReason =
  /** The output contract (native response format) was broken. */
  | 'output_contract_failed'
  /** Nothing usable could be parsed from the answer. */
  | 'parse_failed'
  /** `ensureAllKeys`: a schema key was missing. */
  | 'strict_shape_failed'
  /** An ensured path was missing or empty. */
  | 'ensure_failed'
  /** A custom validator rejected the data. */
  | 'validation_failed'
  /** A custom validator threw. */
  | 'validation_error'
  /** The model's stream failed (dropped connection, provider error). */
  | 'request_failed'
  /** A field broke its schema rule, its `not_null` mark or its field validator (`path` names it). */
  | 'field_rejected';

/**
 * The observation log of a response (`response.events`), Agently-style names. For devtools,
 * logs and tests; stores follow `subscribe` instead.
 */
export type ObservationEvent =
  /** An attempt sends its request. */
  | { type: 'model.requesting'; attempt: number; format: FormatName; prompt: string }
  /** An attempt's stream ended normally. */
  | { type: 'model.completed'; attempt: number; text: string }
  /** An attempt's stream failed. */
  | { type: 'model.request_failed'; attempt: number; error: FieldstreamError }
  /**
   * A stage of the validation pipeline rejected the attempt. `validator_name` is the custom
   * validator's name, or the stage (`output_contract`, `parse`, `strict_shape`, `ensure`).
   */
  | {
      type: 'model.validation_failed';
      attempt: number;
      stage: 'output_contract' | 'parse' | 'strict_shape' | 'ensure' | 'validator' | 'field';
      validator_name: string;
      validation_reason: string;
      validation_payload: unknown;
      /** With `field`: the rejected field's path (`items[0].email`). */
      path?: string;
    }
  /**
   * A field validator (`validateField`) judged a field: when its value closed while the answer
   * streamed, or over the final data. Each verdict is reported once per value judged; `reason`
   * with a rejection.
   */
  | {
      type: 'model.field_checked';
      attempt: number;
      path: string;
      validator_name: string;
      ok: boolean;
      reason?: string;
    }
  /** A custom validator threw. */
  | { type: 'model.validation_error'; attempt: number; validator_name: string; error: unknown }
  /** A retry follows (never emitted when none does). `attempt` is the new attempt. */
  | {
      type: 'model.retrying';
      attempt: number;
      retry_count: number;
      format: FormatName;
      retry_reason: RetryReason;
      validator_name: string | undefined;
      validation_reason: string;
      validation_payload: unknown;
      /** Milliseconds the response waits before the retry: backoff after a transport failure, else 0. */
      delay_ms: number;
      /** With `field_rejected`: the rejected field's path. */
      path?: string;
    }
  /** The response settled with data (validated, or the latest when `raiseEnsureFailure` is off). */
  | { type: 'model.done'; attempt: number; validated: boolean }
  /** The response settled with an error. */
  | { type: 'model.failed'; attempt: number; error: unknown }
  | { type: 'model.aborted'; attempt: number };
