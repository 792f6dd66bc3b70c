import { appendSegment, type FieldState, fieldSelector, type OutputNode } from '@fieldstream/core';
import { progressPhase } from '@fieldstream/core/bindings';
import { element, setAttribute } from './dom';
import { closeAll } from './live-tree';
import { type StoreBinding, watchFieldStoreAtPath } from './watch-field-store';
import { watchInstantList } from './watch-instant-list';

/**
 * The rows of React's `FieldProgress` for one node, appended with `into`: a row per scalar field
 * and list, list items expanded right after their list's row (items the final data dropped stay,
 * as `removed`). Returns the function that closes their subscriptions.
 */
export function progressRows(
  binding: StoreBinding,
  node: OutputNode,
  path: string,
  into: (row: Node) => void,
): () => void {
  if (node.kind === 'array') return progressList(binding, node.item, path, into);
  if (node.kind !== 'object') return progressRow(binding, path, into);
  const children = [...node.fields].map(([key, child]) => ({
    close: progressRows(binding, child, appendSegment(path, key), into),
  }));
  return () => closeAll(children);
}

function progressList(binding: StoreBinding, item: OutputNode, path: string, into: (row: Node) => void): () => void {
  const closeRow = progressRow(binding, path, into);
  // The items' rows sit between the list's row and this marker; each item starts with its own.
  const end = document.createComment('');
  into(end);
  const items: { start: Comment; close(): void }[] = [];
  const show = (next: readonly { path: string }[]): void => {
    const gone = items.splice(next.length);
    closeAll(gone);
    const first = gone[0]?.start;
    while (first !== undefined && first.nextSibling !== null && first.nextSibling !== end) first.nextSibling.remove();
    first?.remove();
    for (const { path: itemPath } of next.slice(items.length)) {
      const start = document.createComment('');
      end.before(start);
      items.push({ start, close: progressRows(binding, item, itemPath, (row) => end.before(row)) });
    }
  };
  const unwatch = watchInstantList(binding.store, `${path}[*]`, show, { ...binding, includeRemoved: true });
  return () => {
    closeRow();
    unwatch();
    closeAll(items);
  };
}

function progressRow(binding: StoreBinding, path: string, into: (row: Node) => void): () => void {
  const row = element('li', 'fs-progress-row', 'row');
  row.dataset.path = path;
  const pathNode = element('span', 'fs-progress-path', 'path');
  pathNode.textContent = path === '' ? '(answer)' : path;
  const phaseNode = element('span', 'fs-progress-phase', 'phase');
  row.append(pathNode, ' ', phaseNode);
  into(row);
  const show = (field: FieldState): void => {
    const phase = progressPhase(field);
    setAttribute(row, 'data-phase', phase);
    setAttribute(row, 'part', `row row-${phase}`);
    setAttribute(row, 'title', phase === 'rejected' ? field.rejected : undefined);
    phaseNode.textContent = phase;
  };
  return watchFieldStoreAtPath(binding.store, path, fieldSelector(path), show, binding);
}
