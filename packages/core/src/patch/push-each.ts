/**
 * Appends `items` to `target` one by one. `target.push(...items)` passes each item as an argument
 * and throws `RangeError` past ~120 000 of them (Node 20): a long answer's replayed history, or the
 * patches of one large chunk, reach that.
 */
export function pushEach<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i] as T);
}
