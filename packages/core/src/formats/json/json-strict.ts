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

/** Whether a parsed value has more than `maxDepth` nested containers (iterative). */
export function nestsDeeperThan(value: unknown, maxDepth: number | undefined): boolean {
  if (maxDepth === undefined) return false;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
