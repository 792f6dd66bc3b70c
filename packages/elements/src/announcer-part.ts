import type { FieldStoreState } from '@fieldstream/core';
import { completionMessage } from '@fieldstream/core/bindings';
import { element, setText } from './dom';
import { type StoreBinding, watchFieldStore } from './watch-field-store';

const selectMessage = (state: FieldStoreState<unknown>): string => completionMessage(state.status, state.error);

/**
 * React's `StreamAnnouncer`: a polite live region (`.fs-announce`, `role="status"`) that speaks
 * once, when the response ends; nothing while it streams. It is in the document from the start,
 * empty, so screen readers hear its change.
 */
export function announcerPart(binding: StoreBinding): { node: HTMLElement; close(): void } {
  const node = element('p', 'announcer', 'fs-announce');
  node.setAttribute('role', 'status');
  node.setAttribute('aria-live', 'polite');
  return { node, close: watchFieldStore(binding.store, selectMessage, (text) => setText(node, text), binding) };
}
