import { type FieldState, fieldSelector } from '@fieldstream/core';
import { fieldDataAttributes, fieldText } from '@fieldstream/core/bindings';
import { element, setAttribute, setText } from './dom';
import { type StoreBinding, watchFieldStoreAtPath } from './watch-field-store';

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
  const node = element('div', 'fs-field', 'field');
  node.dataset.path = path;
  if (label !== undefined) {
    const labelNode = element('span', 'fs-field-label', 'label');
    labelNode.textContent = label;
    node.append(labelNode);
  }
  const value = renderValue === undefined ? element('span', 'fs-field-text', 'value') : undefined;
  if (value !== undefined) node.append(value);
  const show = (field: FieldState): void => {
    const attributes = fieldDataAttributes(field);
    for (const [name, value] of Object.entries(attributes)) setAttribute(node, name, value);
    const parts = [
      'field',
      `field-${attributes['data-phase']}`,
      attributes['data-provisional'] && 'field-provisional',
      attributes['data-stale'] && 'field-stale',
    ];
    setAttribute(node, 'part', parts.filter(Boolean).join(' '));
    if (value !== undefined) setText(value, fieldText(field.value));
    else showCustom(node, renderValue?.(field, path) ?? '');
  };
  return { node, close: watchFieldStoreAtPath(binding.store, path, fieldSelector(path), show, binding) };
}

/** A custom value replaces whatever followed the label. */
function showCustom(node: HTMLElement, shown: Node | string): void {
  const label = node.querySelector(':scope > .fs-field-label');
  const content = typeof shown === 'string' ? document.createTextNode(shown) : shown;
  if (label === null) node.replaceChildren(content);
  else node.replaceChildren(label, content);
}
