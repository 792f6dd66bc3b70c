// Patch builders and a hand-written ResponseSource shared with the core store tests.
import type { ResponseEvent } from '@fieldstream/core';
import type { TestSource } from '../../../core/test/store/test-source';

export { close, open, partialText, scalar, streamText } from '../../../core/test/store/patches';
export { createTestSource, type TestSource } from '../../../core/test/store/test-source';

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
  } as ResponseEvent);
  source.attempt(1, 'field_rejected');
}
