import { FieldstreamError } from './errors';

/**
 * A public function was called with an argument it cannot use (wrong type, `null`, `NaN`, an
 * unknown option value, a cyclic or oversized value), or at a time it cannot be called (`push`
 * after `finish`). `argument` names what was wrong, e.g. `options.format`.
 */
export class ArgumentError extends FieldstreamError {
  override name = 'ArgumentError';
  constructor(
    /** Where the value was given, e.g. `createResponse options.maxRetries`. */
    readonly argument: string,
    message: string,
    /** `ARGUMENT_INVALID` unless a more specific stable code applies. */
    code = 'ARGUMENT_INVALID',
  ) {
    super(code, message);
  }
}
