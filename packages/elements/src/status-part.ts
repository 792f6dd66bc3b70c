import { element, setAttribute, setText } from './dom';
import { statusLine } from './status-line';
import type { StoreBinding } from './watch-field-store';
import { watchStreamStatus } from './watch-stream-status';

/**
 * The status line of React's `FieldProgress`: `.fs-progress-status` with `data-status`, the
 * status and, after a retry, the attempt counted from 1; `data-reconnecting` while a resumable
 * stream reopens its connection.
 */
export function statusPart(binding: StoreBinding | undefined): { node: HTMLElement; close(): void } {
  const node = element('p', 'fs-progress-status', 'status');
  if (binding === undefined) return { node, close: () => {} };
  const close = watchStreamStatus(
    binding.store,
    (status) => {
      setAttribute(node, 'data-status', status.status);
      setAttribute(node, 'data-reconnecting', status.reconnecting === undefined ? undefined : 'true');
      setText(node, statusLine(status));
    },
    binding,
  );
  return { node, close };
}
