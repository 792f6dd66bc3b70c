import { readOwn } from '../../patch/apply-patch';
import { appendSegment, wildcardOf } from '../../patch/path';
import type { OutputNode } from '../../schema/schema-types';
import type { EnsureFailure } from './ensure-paths';

/**
 * The strict shape check (`ensureAllKeys`): every key the schema names is present in the data,
 * at every level, in every list item. Values are not checked (null passes, as for `presence`);
 * a non-object where the schema has an object fails. Returns one failure per wildcard path.
 * Iterative: the walk follows the schema, but list lengths are data.
 */
export function checkAllKeys(data: unknown, root: OutputNode): EnsureFailure[] {
  const failures = new Map<string, EnsureFailure>();
  const fail = (path: string, reason: string): void => {
    const wildcard = wildcardOf(path);
    if (!failures.has(wildcard)) failures.set(wildcard, { path: wildcard, level: 'presence', reason });
  };
  const stack: { node: OutputNode; value: unknown; path: string }[] = [{ node: root, value: data, path: '' }];
  while (stack.length > 0) {
    const { node, value, path } = stack.pop() as (typeof stack)[number];
    if (value === null) continue;
    if (node.kind === 'object') {
      if (typeof value !== 'object' || Array.isArray(value)) {
        fail(path, `${path === '' ? '(root)' : path} is not an object`);
        continue;
      }
      const present: (typeof stack)[number][] = [];
      for (const [key, child] of node.fields) {
        const childPath = appendSegment(path, key);
        const childValue = readOwn(value, key);
        if (childValue === undefined) fail(childPath, `${childPath} is missing`);
        else present.push({ node: child, value: childValue, path: childPath });
      }
      // Reversed onto the stack so children are visited in key order.
      for (let i = present.length - 1; i >= 0; i--) stack.push(present[i] as (typeof stack)[number]);
    } else if (node.kind === 'array' && Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ node: node.item, value: value[i], path: appendSegment(path, i) });
    }
  }
  return [...failures.values()];
}
