import { appendSegment, type FieldState, type OutputNode } from '@fieldstream/core';
import { progressPhase } from '@fieldstream/core/bindings';
import { element, setAttribute } from './dom';
import type { StoreBinding } from './watch-field-store';
import { watchInstantField } from './watch-instant-field';
import { watchInstantList } from './watch-instant-list';

/**
 * The rows of React's `FieldProgress` for one node, appended with `into`: a row per scalar field
 * and list, list items expanded right after their list's row (items the final data dropped stay,
 * as `removed`). Returns the function that closes their subscriptions and takes their rows away.
 */
export function progressRows(
  binding: StoreBinding,
  node: OutputNode,
  path: string,
  into: (row: Node) => void,
): () => void {
  if (node.kind === 'array') return progressList(binding, node.item, path, into);
  if (node.kind !== 'object') return progressRow(binding, path, into);
  const children = [...node.fields].map(([key, child]) => progressRows(binding, child, appendSegment(path, key), into));
  return () => {
    for (const close of children) close();
  };
}

function progressList(binding: StoreBinding, item: OutputNode, path: string, into: (row: Node) => void): () => void {
  const closeRow = progressRow(binding, path, into);
  // The items' rows sit between the list's row and this marker, in order: each item's closing
  // takes its rows away, so an item that goes takes its own.
  const end = document.createComment('');
  into(end);
  const items: (() => void)[] = [];
  const show = (next: readonly { path: string }[]): void => {
    for (const close of items.splice(next.length)) close();
    for (const { path: itemPath } of next.slice(items.length)) {
      items.push(progressRows(binding, item, itemPath, (row) => end.before(row)));
    }
  };
  const unwatch = watchInstantList(binding.store, `${path}[*]`, show, { ...binding, includeRemoved: true });
  return () => {
    closeRow();
    unwatch();
    for (const close of items) close();
    end.remove();
  };
}

function progressRow(binding: StoreBinding, path: string, into: (row: Node) => void): () => void {
  const row = element('li', 'row', 'fs-progress-row');
  row.dataset.path = path;
  const pathNode = element('span', 'path', 'fs-progress-path');
  pathNode.textContent = path === '' ? '(answer)' : path;
  const phaseNode = element('span', 'phase', 'fs-progress-phase');
  row.append(pathNode, ' ', phaseNode);
  into(row);
  const show = (field: FieldState): void => {
    const phase = progressPhase(field);
    setAttribute(row, 'data-phase', phase);
    setAttribute(row, 'part', `row row-${phase}`);
    setAttribute(row, 'title', phase === 'rejected' ? field.rejected : undefined);
    phaseNode.textContent = phase;
  };
  const unwatch = watchInstantField(binding.store, path, show, binding);
  return () => {
    unwatch();
    row.remove();
  };
}
