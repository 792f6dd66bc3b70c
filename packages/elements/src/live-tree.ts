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
export function liveNode(context: LiveTreeContext, node: OutputNode, path: string, label: string | undefined): Drawn {
  if (node.kind === 'array') return liveList(context, node.item, path, label);
  if (node.kind !== 'object') return fieldPart(context, path, label, context.renderValue);
  const group = liveGroup('fs-object', 'object', path, label);
  const children = [...node.fields].map(([key, child]) => liveNode(context, child, appendSegment(path, key), key));
  group.append(...children.map((child) => child.node));
  return { node: group, close: () => closeAll(children) };
}

function liveList(context: LiveTreeContext, item: OutputNode, path: string, label: string | undefined): Drawn {
  const group = liveGroup('fs-list', 'list', path, label);
  const list = document.createElement('ol');
  group.append(list);
  const items: { node: HTMLElement; close(): void }[] = [];
  // Item keys are their paths (`items[2]`): items only ever come or go at the end.
  const show = (next: readonly { path: string }[]): void => {
    for (const gone of items.splice(next.length)) {
      gone.close();
      gone.node.remove();
    }
    for (const { path: itemPath } of next.slice(items.length)) {
      const row = element('li', '', 'item');
      row.dataset.path = itemPath;
      const drawn = liveNode(context, item, itemPath, undefined);
      row.append(drawn.node);
      list.append(row);
      items.push({ node: row, close: drawn.close });
    }
  };
  const unwatch = watchInstantList(context.store, `${path}[*]`, show, context);
  return {
    node: group,
    close: () => {
      unwatch();
      closeAll(items);
    },
  };
}

/** An object's or a list's box: a group named by its label when it has one (not a `<fieldset>`, as in React). */
function liveGroup(className: string, part: string, path: string, label: string | undefined): HTMLElement {
  const group = element('div', className, part);
  group.dataset.path = path;
  if (label === undefined) return group;
  const labelNode = element('span', 'fs-group-label', 'group-label');
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
