import { progressStatusText } from '@fieldstream/core/bindings';
import { element, setAttribute, setText } from './dom';
import type { StoreBinding } from './watch-field-store';
import { type StatusSnapshot, watchStreamStatus } from './watch-stream-status';

/**
 * The status line of React's `FieldProgress`: `.fs-progress-status` with `data-status`, the
 * status and, after a retry, the attempt counted from 1; `data-reconnecting` while a resumable
 * stream reopens its connection.
 */
export function statusPart(binding: StoreBinding): { node: HTMLElement; close(): void } {
  const node = element('p', 'status', 'fs-progress-status');
  const show = (status: Pick<StatusSnapshot, 'status' | 'attempt' | 'reconnecting'>): void => {
    setAttribute(node, 'data-status', status.status);
    setAttribute(node, 'data-reconnecting', status.reconnecting && 'true');
    setText(node, progressStatusText(status));
  };
  return { node, close: watchStreamStatus(binding.store, show, binding) };
}
