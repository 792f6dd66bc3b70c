import { isContainer } from './container';

/**
 * Structural equality of JSON-like values (own enumerable keys, arrays by index, `Object.is` for
 * scalars): the store's field reconciliation, the patch codec and the stream parser's final check
 * share it. Iterative, so 100 000-deep values do not overflow; shared subtrees are skipped by
 * identity.
 */
export function deepEqual(left: unknown, right: unknown): boolean {
  // Two parallel stacks: no pair allocated per node.
  const lefts: unknown[] = [left];
  const rights: unknown[] = [right];
  while (lefts.length > 0) {
    const a = lefts.pop();
    const b = rights.pop();
    if (Object.is(a, b)) continue;
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      const other = b as unknown[];
      if (a.length !== other.length) return false;
      for (let i = 0; i < a.length; i++) {
        lefts.push(a[i]);
        rights.push(other[i]);
      }
      continue;
    }
    const keys = Object.keys(a);
    const other = b as Record<string, unknown>;
    if (keys.length !== Object.keys(other).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(other, key)) return false;
      lefts.push(a[key]);
      rights.push(other[key]);
    }
  }
  return true;
}
