/**
 * The json format's fast path: a text that is exactly one JSON document parses with `JSON.parse`,
 * which the lenient reader agrees with on every valid document (`__proto__` included: `JSON.parse`
 * makes it an own property). `undefined` when the text is not strict JSON.
 */
export function parseStrictJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** Whether a parsed value has more than `maxDepth` nested containers (iterative, two parallel stacks: no pair per node). */
export function nestsDeeperThan(value: unknown, maxDepth: number | undefined): boolean {
  if (maxDepth === undefined || value === null || typeof value !== 'object') return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop() as number;
    if (depth > maxDepth) return true;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const child: unknown = current[i];
        if (child !== null && typeof child === 'object') {
          values.push(child);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    for (const key in current) {
      const child: unknown = (current as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
