import { FieldstreamElement, type Rendering } from './fieldstream-element';
import { statusPart } from './status-part';
import type { StoreBinding } from './watch-field-store';

/**
 * `<fieldstream-status>`: where the response stands, as `<fieldstream-progress>`'s status line
 * (`.fs-progress-status` with `data-status`; the attempt counted from 1 after a retry;
 * `data-reconnecting` while a resumable stream reopens). Not a live region: pair it with
 * `<fieldstream-announcer>` or a form, whose announcer speaks when the response ends.
 */
export class FieldstreamStatus extends FieldstreamElement {
  protected render(binding: StoreBinding): Rendering {
    const status = statusPart(binding);
    return { nodes: [status.node], close: status.close };
  }
}
