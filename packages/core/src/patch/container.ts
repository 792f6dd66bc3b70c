/** A plain object or list: what a patch path walks through. */
export type Container = Record<string, unknown> | unknown[];

/** A plain object or array (any non-null object). */
export function isContainer(value: unknown): value is Container {
  return value !== null && typeof value === 'object';
}

/** A non-null object that is not an array: a JSON object, a record of options or meta. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
