import { invalid } from '../errors/check-argument';
import type { FieldStore } from '../store/field-store';

/**
 * A field store (`createFieldStore`, a binding's response handle's `store`), or an `ArgumentError`
 * naming where it was given (`instantField store`): a binding checks before it subscribes, so bad
 * input fails at the call with a typed error, not later with a `TypeError` from inside a view.
 */
export function checkFieldStore(where: string, value: unknown): asserts value is FieldStore<unknown> {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!['getState', 'subscribe', 'subscribePath'].every((name) => typeof record[name] === 'function'))
    throw invalid(where, 'a field store (createFieldStore)', value);
}
