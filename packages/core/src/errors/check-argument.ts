import { ArgumentError } from './argument-error';

// Entry checks for public functions: each throws an `ArgumentError` whose message names the
// function, the argument and what was expected. `where` is e.g. `'createResponse options.format'`.

/** A short, never-throwing description of a value for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : `the number ${value}`;
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

export function invalid(where: string, expected: string, value: unknown): ArgumentError {
  return new ArgumentError(where, `${where} must be ${expected}, got ${describeValue(value)}`);
}

/** A non-null object that is not an array. */
export function checkObject(where: string, value: unknown): asserts value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(where, 'an object', value);
}

/** A check of one argument: throws an `ArgumentError` naming `where`. */
export type ArgumentCheck = (where: string, value: unknown) => void;

/**
 * Checks the options of `record` that are set (not `undefined`), each with its check, in the
 * table's order; `where.key` names each one (`fetchEventStream options.headers`).
 */
export function checkFields(
  where: string,
  record: Record<string, unknown>,
  checks: Record<string, ArgumentCheck>,
): void {
  for (const key in checks) if (record[key] !== undefined) checks[key]?.(`${where}.${key}`, record[key]);
}

export function checkOptionalObject(where: string, value: unknown): void {
  if (value !== undefined) checkObject(where, value);
}

export function checkFunction(where: string, value: unknown): void {
  if (typeof value !== 'function') throw invalid(where, 'a function', value);
}

export function checkOptionalFunction(where: string, value: unknown): void {
  if (value !== undefined) checkFunction(where, value);
}

export function checkString(where: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') throw invalid(where, 'a string', value);
}

export function checkOptionalString(where: string, value: unknown): void {
  if (value !== undefined) checkString(where, value);
}

export function checkOptionalBoolean(where: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') throw invalid(where, 'true or false', value);
}

export function checkOneOf(where: string, value: unknown, allowed: readonly string[]): void {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw invalid(where, `one of ${allowed.map((name) => `'${name}'`).join(', ')}`, value);
  }
}

/** A whole number ≥ `min` (and finite unless `Infinity` is allowed). */
export function checkWholeNumber(where: string, value: unknown, min = 0, allowInfinity = false): void {
  const ok =
    typeof value === 'number' && value >= min && (Number.isInteger(value) || (allowInfinity && value === Infinity));
  if (!ok) throw invalid(where, `a whole number ≥ ${min}`, value);
}

export function checkOptionalWholeNumber(where: string, value: unknown, min = 0, allowInfinity = false): void {
  if (value !== undefined) checkWholeNumber(where, value, min, allowInfinity);
}

/** A finite number ≥ `min`. */
export function checkOptionalFiniteNumber(where: string, value: unknown, min = 0): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw invalid(where, `a finite number ≥ ${min}`, value);
  }
}

export function checkOptionalSignal(where: string, value: unknown): void {
  if (value === undefined) return;
  const signal = value as Partial<AbortSignal> | null;
  if (
    signal === null ||
    typeof signal !== 'object' ||
    typeof signal.aborted !== 'boolean' ||
    typeof signal.addEventListener !== 'function' ||
    typeof signal.removeEventListener !== 'function'
  ) {
    throw invalid(where, 'an AbortSignal', value);
  }
}
