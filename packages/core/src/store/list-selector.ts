import { readAt } from '../patch/patch-tree';
import { appendSegment, formatPath, PathSyntaxError, parsePath, WILDCARD } from '../patch/path';
import type { FieldStoreState } from './field-store-state';

/** One item of a streamed list. `ItemPath` types `path` (the typed hooks pass `` `items[${number}]` ``). */
export type ListItem<ItemPath extends string = string> = {
  /** A key that stays the same for this position through retries and reconciliation. */
  readonly key: string;
  /** The item's concrete path, e.g. `items[2]`. */
  readonly path: ItemPath;
  readonly index: number;
  /** Streamed, then absent from the final data (only listed with `includeRemoved`). */
  readonly removed: boolean;
};

export type ListSelectorOptions = {
  /** Also list items that the final data dropped, flagged `removed: true`. Default `false`. */
  includeRemoved?: boolean;
};

/**
 * A selector for the items of the list at `pattern` (a concrete list path followed by `[*]`, e.g.
 * `items[*]` or `groups[1].tags[*]`). The returned array keeps its identity while the number of
 * items is unchanged, so a list component re-renders only when an item appears or disappears;
 * each item's own component subscribes to its path. Keys are item paths: an item keeps its key
 * when a retry rewrites it and when the final data replaces the streamed tree.
 */
export function listSelector(
  pattern: string,
  options: ListSelectorOptions = {},
): (state: FieldStoreState) => readonly ListItem[] {
  const segments = parsePath(pattern);
  const parent = segments.slice(0, -1);
  if (segments[segments.length - 1] !== WILDCARD || parent.includes(WILDCARD)) {
    throw new PathSyntaxError(pattern, 0, 'a list pattern is a concrete path followed by [*], e.g. items[*]');
  }
  const parentPath = formatPath(parent);
  let last: readonly ListItem[] = [];
  let lastPresent = 0;
  return (state) => {
    const present = lengthOf(readAt(state.data, parent));
    const streamed = options.includeRemoved && state.hasFinal ? lengthOf(readAt(state.streamed, parent)) : 0;
    const total = Math.max(present, streamed);
    if (last.length === total && lastPresent === present) return last;
    const items: ListItem[] = [];
    for (let index = 0; index < total; index++) {
      const path = appendSegment(parentPath, index);
      items.push({ key: path, path, index, removed: index >= present });
    }
    last = items;
    lastPresent = present;
    return items;
  };
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}
