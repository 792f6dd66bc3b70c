import { appendSegment, type OutputNode } from '@fieldstream/core';
import { element } from './dom';
import { fieldPart, type RenderValue } from './field-part';
import type { StoreBinding } from './watch-field-store';
import { watchInstantList } from './watch-instant-list';

/** What a form's nodes share. */
export type LiveTreeContext = StoreBinding & { readonly renderValue: RenderValue | undefined };

type Drawn = { node: HTMLElement; close(): void };

let groupIds = 0;

/**
 * One node of React's `LiveForm`: an object as a `.fs-object` group, a list as a `.fs-list` group
 * whose items come and go, a scalar as a field. Each field and list subscribes to its own path.
 */
export function liveNode(context: LiveTreeContext, node: OutputNode, path: string, label?: string): Drawn {
  if (node.kind === 'array') return liveList(context, node.item, path, label);
  if (node.kind !== 'object') return fieldPart(context, path, label, context.renderValue);
  const group = liveGroup('object', path, label);
  const children = [...node.fields].map(([key, child]) => liveNode(context, child, appendSegment(path, key), key));
  group.append(...children.map((child) => child.node));
  return { node: group, close: () => closeAll(children) };
}

function liveList(context: LiveTreeContext, item: OutputNode, path: string, label: string | undefined): Drawn {
  const group = liveGroup('list', path, label);
  const list = document.createElement('ol');
  group.append(list);
  // Closing an item takes its row away.
  const items: (() => void)[] = [];
  // Item keys are their paths (`items[2]`): items only ever come or go at the end.
  const show = (next: readonly { path: string }[]): void => {
    for (const close of items.splice(next.length)) close();
    for (const { path: itemPath } of next.slice(items.length)) {
      const row = element('li', 'item');
      row.dataset.path = itemPath;
      const drawn = liveNode(context, item, itemPath);
      row.append(drawn.node);
      list.append(row);
      items.push(() => {
        drawn.close();
        row.remove();
      });
    }
  };
  const unwatch = watchInstantList(context.store, `${path}[*]`, show, context);
  return {
    node: group,
    close: () => {
      unwatch();
      for (const close of items) close();
    },
  };
}

/**
 * An object's or a list's box (`.fs-object`, `.fs-list`): a group named by its label when it has one
 * (not a `<fieldset>`, as in React).
 */
function liveGroup(part: 'object' | 'list', path: string, label: string | undefined): HTMLElement {
  const group = element('div', part, `fs-${part}`);
  group.dataset.path = path;
  if (label === undefined) return group;
  const labelNode = element('span', 'group-label', 'fs-group-label');
  labelNode.id = `fs-group-${++groupIds}`;
  labelNode.textContent = label;
  group.setAttribute('role', 'group');
  group.setAttribute('aria-labelledby', labelNode.id);
  group.append(labelNode);
  return group;
}

export function closeAll(drawn: readonly { close(): void }[]): void {
  for (const part of drawn) part.close();
}
