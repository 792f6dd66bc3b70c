// docs/guides/elements.md, "Retries and errors", verbatim: it must compile as written (no casts), and
// elements-guide.test.ts runs it (by importing this file).
import type { FieldStore } from '@fieldstream/core';
import { watchStreamStatus } from '@fieldstream/elements';

/** A line that says why an answer is retried, or why it failed; returns the function that stops it. */
export function showTrouble(store: FieldStore, line: HTMLElement): () => void {
  return watchStreamStatus(store, ({ status, retry, error }) => {
    if (status === 'retrying' && retry !== undefined) {
      line.textContent = `Retrying as attempt ${retry.attempt + 1}${retry.reason === undefined ? '' : ` (${retry.reason})`}`;
    } else if (status === 'error' && error !== undefined) {
      line.textContent = `The answer failed: ${error.message}`;
    } else {
      line.textContent = '';
    }
  });
}
