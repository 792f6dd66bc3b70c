import type { FieldStoreState, ResponseStatus } from '@fieldstream/core';
import { isBusyStatus } from '@fieldstream/core/bindings';
import { setAttribute } from './dom';
import { type StoreBinding, watchFieldStore } from './watch-field-store';

const selectStatus = (state: FieldStoreState<unknown>): ResponseStatus => state.status;

/**
 * Keeps a streaming region's `aria-busy` (and `data-status`, where React's component has it) in
 * step with the response: busy while it streams, validates or retries.
 */
export function watchBusy(binding: StoreBinding, region: HTMLElement, withStatus: boolean): () => void {
  const show = (status: ResponseStatus): void => {
    setAttribute(region, 'aria-busy', String(isBusyStatus(status)));
    if (withStatus) setAttribute(region, 'data-status', status);
  };
  return watchFieldStore(binding.store, selectStatus, show, binding);
}
