import { type FieldPhase, type FieldState, fieldPhase } from '../store/field-state';
import type { FieldStoreState } from '../store/field-store-state';

/**
 * A progress panel row's phase: `rejected` while a field check's rejection is retried (the final
 * data settles a field for good, so a reconciled field is never `rejected`), else `fieldPhase`.
 */
export function progressPhase(field: FieldState): FieldPhase | 'rejected' {
  return field.rejected !== undefined && field.reconciled === undefined ? 'rejected' : fieldPhase(field);
}

/** A progress panel's status line: the status, and once there are retries the attempt, counted from 1 as people count. */
export function progressStatusText({ status, attempt }: Pick<FieldStoreState, 'status' | 'attempt'>): string {
  return attempt > 0 ? `${status} (attempt ${attempt + 1})` : status;
}
