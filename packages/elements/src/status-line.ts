import type { FieldStoreState } from '@fieldstream/core';

/** The status line's text: the status, and the attempt counted from 1 once there are retries (as React's `FieldProgress`). */
export function statusLine({ status, attempt }: Pick<FieldStoreState, 'status' | 'attempt'>): string {
  return attempt > 0 ? `${status} (attempt ${attempt + 1})` : status;
}
