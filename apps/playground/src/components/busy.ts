import type { ResponseStatus } from '@fieldstream/core';

/** Whether a region fed by a response is still changing (its `aria-busy`). */
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
