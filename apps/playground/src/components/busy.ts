import type { ResponseStatus } from '@fieldstream/core';

/** Whether a response is still running: the region it feeds is busy (`aria-busy`), Abort is enabled. */
export function isStreamingStatus(status: ResponseStatus): boolean {
  return status === 'streaming' || status === 'validating' || status === 'retrying';
}

/** What a polite live region says when the answer ends; nothing while it streams. */
export function endAnnouncement(status: ResponseStatus): string {
  if (status === 'done') return 'Answer complete.';
  if (status === 'error') return 'Answer failed.';
  if (status === 'aborted') return 'Answer stopped.';
  return '';
}
