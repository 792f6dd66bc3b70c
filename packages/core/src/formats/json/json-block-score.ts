import type { OutputNode } from '../../schema/schema-types';

/**
 * How well a candidate JSON block matches the schema: the number of distinct schema paths
 * (`items[*].name` counts once however many items have it) that resolve in the value, the root
 * included when its kind matches. Iterative; visits only the part of the value the schema covers.
 */
export function schemaScore(value: unknown, root: OutputNode): number {
  const matched = new Set<OutputNode>();
  const stack: { value: unknown; node: OutputNode }[] = [];
  if (matches(value, root)) {
    matched.add(root);
    stack.push({ value, node: root });
  }
  while (stack.length > 0) {
    const { value: current, node } = stack.pop() as { value: unknown; node: OutputNode };
    if (node.kind === 'object') {
      const record = current as Record<string, unknown>;
      for (const [key, child] of node.fields) {
        if (!Object.hasOwn(record, key)) continue;
        matched.add(child);
        const childValue = record[key];
        if ((child.kind === 'object' || child.kind === 'array') && matches(childValue, child)) {
          stack.push({ value: childValue, node: child });
        }
      }
    } else if (node.kind === 'array') {
      const items = current as unknown[];
      if (items.length > 0) matched.add(node.item);
      if (node.item.kind === 'object' || node.item.kind === 'array') {
        for (const item of items) if (matches(item, node.item)) stack.push({ value: item, node: node.item });
      }
    }
  }
  return matched.size;
}

function matches(value: unknown, node: OutputNode): boolean {
  switch (node.kind) {
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'enum':
      return node.values.includes(value as never);
    case 'scalar':
      return scalarMatches(value, node.type);
  }
}

function scalarMatches(value: unknown, type: string): boolean {
  switch (type) {
    case 'any':
      return true;
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

/**
 * Without a schema, a block's score is how much structure it has: the number of distinct
 * wildcard paths in it (an array of a thousand `{id}` items counts `[*]` and `[*].id` once), so a
 * rich answer beats a stray `[1]`, and a draft with the same shape as the answer ties with it.
 */
export function structureScore(value: unknown): number {
  type Trie = { fields: Map<string, Trie> | undefined; item: Trie | undefined };
  const newTrie = (): Trie => ({ fields: undefined, item: undefined });
  let count = 1;
  const stack: { value: unknown; trie: Trie }[] = [{ value, trie: newTrie() }];
  while (stack.length > 0) {
    const { value: current, trie } = stack.pop() as { value: unknown; trie: Trie };
    if (Array.isArray(current)) {
      for (const item of current) {
        if (trie.item === undefined) {
          trie.item = newTrie();
          count++;
        }
        stack.push({ value: item, trie: trie.item });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const key of Object.keys(current)) {
        trie.fields ??= new Map();
        let child = trie.fields.get(key);
        if (child === undefined) {
          child = newTrie();
          trie.fields.set(key, child);
          count++;
        }
        stack.push({ value: (current as Record<string, unknown>)[key], trie: child });
      }
    }
  }
  return count;
}
