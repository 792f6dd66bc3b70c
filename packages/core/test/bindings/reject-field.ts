// A field check's rejection as a response reports it, for the cases that retry.
import type { TestSource } from '../store/test-source';

/** A field check rejects `path` in attempt 0 (`message`: why) and the response retries as attempt 1. */
export function rejectField(source: TestSource, path: string, message: string): void {
  source.emit({
    type: 'status',
    attempt: 0,
    status: 'retrying',
    retryDelayMs: 0,
    reason: 'field_rejected',
    message,
    path,
  });
  source.attempt(1, 'field_rejected');
}
