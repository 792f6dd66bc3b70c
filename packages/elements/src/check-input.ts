import { ArgumentError, type ResponseSource, type Schedule } from '@fieldstream/core';

export { checkFieldStore as checkStore } from '@fieldstream/core/bindings';

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

function hasMethods(value: unknown, names: readonly string[]): boolean {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const record = value as Record<string, unknown>;
  return names.every((name) => typeof record[name] === 'function');
}

/** A response source (`createResponse`, `fromPatchStream`, …): something with `subscribe`. */
export function checkResponse(where: string, value: unknown): asserts value is ResponseSource {
  if (!hasMethods(value, ['subscribe'])) {
    throw new ArgumentError(
      where,
      `${where} must be a response (createResponse, fromPatchStream), got ${describe(value)}`,
    );
  }
}

export function checkFunction(where: string, value: unknown): void {
  if (typeof value !== 'function')
    throw new ArgumentError(where, `${where} must be a function, got ${describe(value)}`);
}

/** `'frame'`, `'sync'` or a scheduler function. */
export function checkSchedule(where: string, value: unknown): asserts value is Schedule {
  if (value !== 'frame' && value !== 'sync' && typeof value !== 'function') {
    throw new ArgumentError(where, `${where} must be 'frame', 'sync' or a scheduler function, got ${describe(value)}`);
  }
}
