import type { OutputNode, OutputSchema } from '@fieldstream/core';
import { outputRoot } from '@fieldstream/core/bindings';
import { busyRegion } from './busy-region';
import type { RenderValue } from './field-part';
import { FieldstreamElement, type Rendering } from './fieldstream-element';
import { liveNode } from './live-tree';
import type { StoreBinding } from './watch-field-store';

/** A schema as `<fieldstream-form>` and `<fieldstream-progress>` take it (React's `output` prop). */
export type FormOutput = OutputSchema | { readonly root: OutputNode };

/**
 * `<fieldstream-form>`: React's `LiveForm` as a custom element. Set `output` (a schema) and a
 * store (`store`, `response` or `start`), and it draws a form laid out from the schema that fills
 * in as the response streams: each field subscribes to its own path, lists grow item by item, the
 * region is `aria-busy` while it streams and a polite live region speaks when it ends. The same
 * markup as React's (`.fs-live-form`, `.fs-field[data-phase]`, …), so the same stylesheet styles
 * it. Without `output`, it draws only the region and its announcer: the `<fieldstream-field>`s
 * (and other Fieldstream elements) inside it show its store.
 */
export class FieldstreamForm extends FieldstreamElement {
  #output: FormOutput | undefined;
  #root: OutputNode | undefined;
  #renderValue: RenderValue | undefined;

  /** The schema the form is laid out from; anything that is no schema throws an `ArgumentError`
   * naming `LiveForm output`, as React's component does. */
  get output(): FormOutput | undefined {
    return this.#output;
  }
  set output(output: FormOutput | undefined) {
    this.#root = output === undefined ? undefined : outputRoot('LiveForm output', output);
    this.#output = output;
    this.refresh();
  }

  /** Draws each field's value (text, or a node of your own); default: its text. */
  get renderValue(): RenderValue | undefined {
    return this.#renderValue;
  }
  set renderValue(renderValue: RenderValue | undefined) {
    this.#renderValue = renderValue;
    this.refresh();
  }

  protected render(binding: StoreBinding): Rendering {
    const tree =
      this.#root === undefined ? [] : [liveNode({ ...binding, renderValue: this.#renderValue }, this.#root, '')];
    return busyRegion(binding, 'fs-live-form', 'form', true, tree);
  }
}
