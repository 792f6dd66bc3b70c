import type { FieldStoreState, ResponseStatus } from '@fieldstream/core';
import { isBusyStatus } from '@fieldstream/core/bindings';
import { announcerPart } from './announcer-part';
import { element, setAttribute } from './dom';
import type { Rendering } from './fieldstream-element';
import { closeAll } from './live-tree';
import { type StoreBinding, watchFieldStore } from './watch-field-store';

const selectStatus = (state: FieldStoreState<unknown>): ResponseStatus => state.status;

/**
 * The streaming region of a form or a progress panel: `parts` in a `div` followed by the polite
 * announcer, `aria-busy` (and `data-status`, where React's component has it) in step with the
 * response: busy while it streams, validates or retries.
 */
export function busyRegion(
  binding: StoreBinding,
  className: string,
  part: string,
  withStatus: boolean,
  parts: readonly { node: Node; close(): void }[],
): Rendering {
  const region = element('div', part, className);
  const show = (status: ResponseStatus): void => {
    setAttribute(region, 'aria-busy', `${isBusyStatus(status)}`);
    if (withStatus) setAttribute(region, 'data-status', status);
  };
  const closeBusy = watchFieldStore(binding.store, selectStatus, show, binding);
  const announcer = announcerPart(binding);
  region.append(...parts.map((drawn) => drawn.node), announcer.node);
  return {
    nodes: [region],
    close: () => {
      closeBusy();
      closeAll(parts);
      announcer.close();
    },
  };
}
