import { type PathSegment, WILDCARD } from '../patch/path';
import type { OutputNode } from './schema-types';

/** The schema node a path (indexes or `[*]`) leads to, or `undefined` when it leaves the schema. */
export function schemaNodeAt(root: OutputNode, segments: readonly PathSegment[]): OutputNode | undefined {
  let node: OutputNode | undefined = root;
  for (const segment of segments) {
    if (node === undefined) return undefined;
    if (node.kind === 'array') node = typeof segment === 'number' || segment === WILDCARD ? node.item : undefined;
    else if (node.kind === 'object') node = typeof segment === 'string' ? node.fields.get(segment) : undefined;
    else return undefined;
  }
  return node;
}
