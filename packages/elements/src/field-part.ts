import type { FieldState } from '@fieldstream/core';
import { fieldDataAttributes, fieldText } from '@fieldstream/core/bindings';
import { element, setAttribute, setText } from './dom';
import type { StoreBinding } from './watch-field-store';
import { watchInstantField } from './watch-instant-field';

/**
 * Draws a field's value: a string as text (never HTML), or a node of your own. Default: the
 * value's text in a `.fs-field-text` span.
 */
export type RenderValue = (field: FieldState, path: string) => Node | string;

/**
 * One field as React's `LiveForm` draws it: `.fs-field` with `data-path`, `data-phase`,
 * `data-reconciled`, `data-provisional`, `data-stale`, its label and its value as text. Its parts
 * say the same for `::part()` (`field field-streaming field-stale …`). Subscribes to its own path.
 */
export function fieldPart(
  binding: StoreBinding,
  path: string,
  label: string | undefined,
  renderValue: RenderValue | undefined,
): { node: HTMLElement; close(): void } {
  const node = element('div', 'field', 'fs-field');
  node.dataset.path = path;
  const labelNodes: Node[] = [];
  if (label !== undefined) {
    const labelNode = element('span', 'label', 'fs-field-label');
    labelNode.textContent = label;
    labelNodes.push(labelNode);
  }
  const value = element('span', 'value', 'fs-field-text');
  node.append(...labelNodes);
  if (renderValue === undefined) node.append(value);
  const show = (field: FieldState): void => {
    const attributes = fieldDataAttributes(field);
    for (const [name, value] of Object.entries(attributes)) setAttribute(node, name, value);
    const flags =
      (attributes['data-provisional'] ? ' field-provisional' : '') + (attributes['data-stale'] ? ' field-stale' : '');
    setAttribute(node, 'part', `field field-${attributes['data-phase']}${flags}`);
    if (renderValue === undefined) setText(value, fieldText(field.value));
    // A value of your own replaces whatever followed the label (a string as text, never HTML; a
    // page's function that returns nothing shows nothing).
    else node.replaceChildren(...labelNodes, renderValue(field, path) ?? '');
  };
  return { node, close: watchInstantField(binding.store, path, show, binding) };
}
