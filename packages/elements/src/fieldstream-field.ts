import { parsePath } from '@fieldstream/core';
import { setAttribute } from './dom';
import { fieldPart, type RenderValue } from './field-part';
import { FieldstreamElement, type Rendering } from './fieldstream-element';
import type { StoreBinding } from './watch-field-store';

/**
 * `<fieldstream-field path="summary" label="Summary">`: one live field, drawn as React's
 * `LiveForm` draws a field (`.fs-field` with `data-phase`, `data-stale`, … and the value as text).
 * It subscribes to its own path only. Inside a `<fieldstream-form>` it shows the form's store
 * unless it is given one. A malformed `path` throws `PathSyntaxError` (from the `path` property;
 * from the attribute, the error is reported and the field draws nothing).
 */
export class FieldstreamField extends FieldstreamElement {
  static override observedAttributes: readonly string[] = [...FieldstreamElement.observedAttributes, 'path', 'label'];

  #renderValue: RenderValue | undefined;

  /** The field's path (`summary`, `items[2].name`, `$tools[0].arguments.q`): the `path` attribute. */
  get path(): string | null {
    return this.getAttribute('path');
  }
  set path(path: string) {
    parsePath(path);
    this.setAttribute('path', path);
  }

  /** The label drawn before the value (the `label` attribute); none when left out. */
  get label(): string | null {
    return this.getAttribute('label');
  }
  set label(label: string | null) {
    setAttribute(this, 'label', label ?? undefined);
  }

  /** Draws the value (text, or a node of your own); default: its text. */
  get renderValue(): RenderValue | undefined {
    return this.#renderValue;
  }
  set renderValue(renderValue: RenderValue | undefined) {
    this.#renderValue = renderValue;
    this.refresh();
  }

  protected render(binding: StoreBinding): Rendering {
    const path = this.path;
    if (path === null) return { nodes: [], close: () => {} };
    const field = fieldPart(binding, path, this.label ?? undefined, this.#renderValue);
    return { nodes: [field.node], close: field.close };
  }
}
