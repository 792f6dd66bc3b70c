import type { OutputNode } from '@fieldstream/core';
import { outputRoot } from '@fieldstream/core/bindings';
import { announcerPart } from './announcer-part';
import { watchBusy } from './busy-region';
import { element } from './dom';
import { FieldstreamElement, type Rendering } from './fieldstream-element';
import type { FormOutput } from './fieldstream-form';
import { progressRows } from './progress-tree';
import { statusPart } from './status-part';
import type { StoreBinding } from './watch-field-store';

/**
 * `<fieldstream-progress>`: React's `FieldProgress` as a custom element. Set `output` and a store:
 * it draws a status line and one row per scalar field and list (list items expanded, items the
 * final data dropped kept as `removed`), each row showing its phase — pending, streaming, complete,
 * then confirmed, changed or removed; `rejected` (the reason as its `title`) while a field check's
 * rejection is retried. Rows subscribe to their own path only. The same markup as React's.
 */
export class FieldstreamProgress extends FieldstreamElement {
  #output: { given: FormOutput; root: OutputNode } | undefined;

  /** The schema whose fields are listed; anything that is no schema throws an `ArgumentError`
   * naming `FieldProgress output`, as React's component does. */
  get output(): FormOutput | undefined {
    return this.#output?.given;
  }
  set output(output: FormOutput | undefined) {
    this.#output =
      output === undefined ? undefined : { given: output, root: outputRoot('FieldProgress output', output) };
    this.refresh();
  }

  protected render(binding: StoreBinding): Rendering {
    const region = element('div', 'fs-progress', 'progress');
    const closeBusy = watchBusy(binding, region, false);
    const status = statusPart(binding);
    const rows = element('ul', '', 'rows');
    const closeRows =
      this.#output === undefined ? () => {} : progressRows(binding, this.#output.root, '', (row) => rows.append(row));
    const announcer = announcerPart(binding);
    region.append(status.node, rows, announcer.node);
    return {
      nodes: [region],
      close: () => {
        closeBusy();
        status.close();
        closeRows();
        announcer.close();
      },
    };
  }
}
