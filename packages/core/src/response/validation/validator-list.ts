import type { Validator } from './validator';

/** Validators as `createResponse` and `createWorkerResponse` take them (one, or a list), as a list. */
export function validatorList<Data>(
  validate: Validator<Data> | readonly Validator<Data>[] | undefined,
): Validator<Data>[] {
  if (validate === undefined) return [];
  return Array.isArray(validate) ? [...(validate as readonly Validator<Data>[])] : [validate as Validator<Data>];
}
