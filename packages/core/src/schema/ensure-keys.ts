import { appendSegment } from '../patch/path';
import type { EnsureLevel, OutputNode } from './schema-types';

/**
 * Collects the ensure markers of a compiled schema as `{ wildcardPath: level }`, in document
 * order: `items[*].name`, then the paths of each of `extra` in turn. When a path is marked twice,
 * `not_null` beats `presence`.
 */
export function compileEnsureKeys(
  root: OutputNode,
  ...extra: Readonly<Record<string, EnsureLevel>>[]
): Record<string, EnsureLevel> {
  const keys: Record<string, EnsureLevel> = Object.create(null);
  const merge = (path: string, level: EnsureLevel | undefined): void => {
    if (level && keys[path] !== 'not_null') keys[path] = level;
  };
  const stack: [OutputNode, string][] = [[root, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [OutputNode, string];
    if (node.kind === 'array') stack.push([node.item, `${path}[*]`]);
    else if (node.kind === 'object') {
      for (const [key, child] of [...node.fields].reverse()) stack.push([child, appendSegment(path, key)]);
    } else merge(path, node.ensure);
  }
  for (const levels of extra) for (const [path, level] of Object.entries(levels)) merge(path, level);
  return { ...keys };
}
