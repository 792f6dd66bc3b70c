// Values that refer to themselves, for the probes of functions that walk what they are given.

export function cyclicObject(): Record<string, unknown> {
  const node: Record<string, unknown> = { a: ['string', 'a field'] };
  node.self = node;
  return node;
}

export function cyclicArray(): unknown[] {
  const list: unknown[] = [];
  list.push(list);
  return list;
}
