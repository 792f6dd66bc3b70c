import { announcerPart } from './announcer-part';
import { FieldstreamElement, type Rendering } from './fieldstream-element';
import type { StoreBinding } from './watch-field-store';

/**
 * `<fieldstream-announcer>`: React's `StreamAnnouncer`, for a layout of your own (forms and progress
 * panels have one already): a polite live region (`.fs-announce`, `role="status"`) that says
 * "Answer complete.", "Answer stopped." or "Answer failed: …" once, when the response ends.
 */
export class FieldstreamAnnouncer extends FieldstreamElement {
  protected render(binding: StoreBinding): Rendering {
    const announcer = announcerPart(binding);
    return { nodes: [announcer.node], close: announcer.close };
  }
}
