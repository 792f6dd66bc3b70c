import { FieldstreamError } from '@fieldstream/core';
import type { AnswerResult } from '@fieldstream/core/kits';

/** A response of the batch that failed (a transport, provider or parse error), and its item. */
export type ItemRequestFailure = { itemId: string; error: FieldstreamError };

/**
 * Why a batch that resolved is still not `done`: a request failed (the first such error, as it
 * is, with its code), or no item ended with a value (every item failed or never ran).
 */
export function batchFailure(
  results: readonly AnswerResult<unknown, unknown>[],
  failures: readonly ItemRequestFailure[],
): FieldstreamError | undefined {
  const first = failures[0];
  if (first !== undefined) return first.error;
  if (results.length === 0 || results.some((result) => result.status === 'passed' || result.status === 'recovered')) {
    return undefined;
  }
  const summary = results
    .map((result) => `${result.id} ${result.status} (${result.issues.map((issue) => issue.code).join(', ')})`)
    .join('; ');
  return new FieldstreamError('ANSWER_FLOW_ALL_FAILED', `Every item failed: ${summary}`);
}
