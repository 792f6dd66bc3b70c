import { formatPath, parsePath } from '../patch/path';
import type { DynamicPath, ItemPath } from '../patch/typed-paths';
import type { FieldStoreState } from '../store/field-store-state';
import { type ListItem, listSelector } from '../store/list-selector';

/** What a binding's `useInstantList` subscribes to: the list's own path, and the selector of its items. */
export type InstantListSelection<Data, Pattern extends string> = {
  /** The list's path (the pattern without its `[*]`): the view listens there only. */
  readonly path: string;
  readonly selector: (state: FieldStoreState<Data>) => readonly ListItem<ItemPath<Pattern>>[];
};

/**
 * The list at `pattern` (`items[*]`, `groups[0].tags[*]`) as a binding reads it. A pattern that is
 * no list pattern throws listSelector's `PathSyntaxError`.
 */
export function instantListSelection<Data, Pattern extends string | DynamicPath>(
  pattern: Pattern,
  includeRemoved = false,
): InstantListSelection<Data, Pattern> {
  // Item paths are the list's path plus `[i]`: what ItemPath says.
  const selector = listSelector(pattern, { includeRemoved }) as InstantListSelection<Data, Pattern>['selector'];
  // listSelector validated the pattern (a concrete path + `[*]`): the list is at its parent path.
  return { path: formatPath(parsePath(pattern).slice(0, -1)), selector };
}
