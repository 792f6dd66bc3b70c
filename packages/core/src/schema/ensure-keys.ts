import { appendSegment } from '../patch/path';
import type { EnsureLevel, OutputNode } from './schema-types';

/**
 * Collects the ensure markers of a compiled schema as `{ wildcardPath: level }`, in document
 * order: `items[*].name`. When a path is marked twice, `not_null` beats `presence`.
 */
export function compileEnsureKeys(
  root: OutputNode,
  extra: Readonly<Record<string, EnsureLevel>> = {},
): Record<string, EnsureLevel> {
  const keys: Record<string, EnsureLevel> = Object.create(null);
  const stack: { node: OutputNode; path: string }[] = [{ node: root, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: OutputNode; path: string };
    if (node.kind === 'array') stack.push({ node: node.item, path: `${path}[*]` });
    else if (node.kind === 'object') {
      const children = [...node.fields];
      for (let i = children.length - 1; i >= 0; i--) {
        const [key, child] = children[i] as [string, OutputNode];
        stack.push({ node: child, path: appendSegment(path, key) });
      }
    } else if (node.ensure) mergeEnsure(keys, path, node.ensure);
  }
  for (const [path, level] of Object.entries(extra)) mergeEnsure(keys, path, level);
  return { ...keys };
}

function mergeEnsure(keys: Record<string, EnsureLevel>, path: string, level: EnsureLevel): void {
  if (keys[path] !== 'not_null') keys[path] = level;
}
