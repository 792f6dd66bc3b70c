/**
 * The number the playground shows for an attempt. The API counts from 0 (`attempt: 0` is the first
 * attempt, `retry.attempt: 1` the first retry); every label here counts from 1, through this one
 * function, so no page shows "attempt 0" and none adds the one on its own.
 */
export function attemptNumber(attempt: number): number {
  return attempt + 1;
}

/** `attempt 1` for the API's attempt 0. */
export function attemptLabel(attempt: number): string {
  return `attempt ${attemptNumber(attempt)}`;
}
