import { isContainer } from './tree-node';

/**
 * Structural equality of JSON-like values (own enumerable keys, arrays by index, `Object.is` for
 * scalars). Iterative with an explicit stack, so 100 000-deep values do not overflow; shared
 * subtrees are skipped by identity.
 */
export function deepEqual(left: unknown, right: unknown): boolean {
  const stack: [unknown, unknown][] = [[left, right]];
  for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
    const [a, b] = pair;
    if (Object.is(a, b)) continue;
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      const other = b as unknown[];
      if (a.length !== other.length) return false;
      for (let i = 0; i < a.length; i++) stack.push([a[i], other[i]]);
      continue;
    }
    const keys = Object.keys(a);
    const other = b as Record<string, unknown>;
    if (keys.length !== Object.keys(other).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(other, key)) return false;
      stack.push([(a as Record<string, unknown>)[key], other[key]]);
    }
  }
  return true;
}
