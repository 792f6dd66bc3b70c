import { FieldstreamError } from './errors';

/**
 * A recording (`@fieldstream/core/recording`) that cannot be read or replayed: not a recording's
 * JSON, larger than the limit, or a field of the wrong shape. `path` names the field
 * (`messages[3].at`; `''`: the whole recording).
 */
export class RecordingError extends FieldstreamError {
  override name = 'RecordingError';
  constructor(
    /** `RECORDING_INVALID`, or `RECORDING_TOO_LARGE` for text over `maxBytes`. */
    code: 'RECORDING_INVALID' | 'RECORDING_TOO_LARGE',
    /** The field that is wrong, e.g. `messages[3].at`; `''` for the whole recording. */
    readonly path: string,
    message: string,
  ) {
    super(code, message);
  }
}
