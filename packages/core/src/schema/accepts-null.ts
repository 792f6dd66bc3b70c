import type { EnsureLevel, OutputNode } from './schema-types';

/**
 * Whether a field may be answered with null: the schema's own word when it has one (unless the
 * `ensure` option asks for `not_null`), else the tuple DSL's rule (only `not_null` forbids it).
 */
export function acceptsNull(node: OutputNode, level: EnsureLevel | undefined): boolean {
  return level !== 'not_null' && (node.constraints?.nullable ?? true);
}
