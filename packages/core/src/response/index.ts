// Barrel for response/; the package index re-exports it.
export { createResponse, type ModelResponse } from './create-response';
export type { ObservationEvent, RetryReason } from './observation-events';
export type { ResponseEvent, ResponseSource, ResponseStatus } from './response-events';
export type { ResponseMeta } from './response-meta';
export type { CreateResponseOptions } from './response-options';
export { checkEnsurePaths, type EnsureFailure } from './validation/ensure-paths';
export { checkAllKeys } from './validation/strict-shape';
export type {
  ValidationContext,
  Validator,
  ValidatorFunction,
  ValidatorResult,
  ValidatorVerdict,
} from './validation/validator';
