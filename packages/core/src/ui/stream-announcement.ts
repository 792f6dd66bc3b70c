import type { FieldstreamError } from '../errors/errors';
import type { ResponseStatus } from '../response/response-events';

/** Whether a region showing this status is still changing (`aria-busy`). */
export function isBusyStatus(status: ResponseStatus): boolean {
  return status === 'streaming' || status === 'validating' || status === 'retrying';
}

/**
 * What a binding's live region announces when a response ends; nothing while it streams (no
 * announcement per delta).
 */
export function completionMessage(status: ResponseStatus, error: FieldstreamError | undefined): string {
  if (status === 'done') return 'Answer complete.';
  if (status === 'aborted') return 'Answer stopped.';
  if (status === 'error') return `Answer failed: ${error?.message ?? 'unknown error'}`;
  return '';
}
