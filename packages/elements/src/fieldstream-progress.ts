import type { OutputNode } from '@fieldstream/core';
import { outputRoot } from '@fieldstream/core/bindings';
import { busyRegion } from './busy-region';
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
  #output: FormOutput | undefined;
  #root: OutputNode | undefined;

  /** The schema whose fields are listed; anything that is no schema throws an `ArgumentError`
   * naming `FieldProgress output`, as React's component does. */
  get output(): FormOutput | undefined {
    return this.#output;
  }
  set output(output: FormOutput | undefined) {
    this.#root = output === undefined ? undefined : outputRoot('FieldProgress output', output);
    this.#output = output;
    this.refresh();
  }

  protected render(binding: StoreBinding): Rendering {
    const rows = element('ul', 'rows');
    const closeRows =
      this.#root === undefined ? () => {} : progressRows(binding, this.#root, '', (row) => rows.append(row));
    return busyRegion(binding, 'fs-progress', 'progress', false, [
      statusPart(binding),
      { node: rows, close: closeRows },
    ]);
  }
}
