import { FieldstreamError } from '../../errors/errors';
import type { ContractViolation } from './contract-types';

/** A contract is malformed, or an output violates it where the caller asked to throw. */
export class ContractError extends FieldstreamError {
  override name = 'ContractError';
  constructor(
    code: 'CONTRACT_INVALID_DEFINITION' | 'CONTRACT_VIOLATED' | 'CONTRACT_UNKNOWN_STATUS',
    message: string,
    readonly violations: readonly ContractViolation[] = [],
  ) {
    super(code, message);
  }
}
