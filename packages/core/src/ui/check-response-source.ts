import { invalid } from '../errors/check-argument';
import type { ResponseSource } from '../response/response-events';

/**
 * A response source (`createResponse`, `fromPatchStream`, anything with `subscribe`), or an
 * `ArgumentError` naming where it was given: a binding that takes a response checks it before
 * binding a store to it.
 */
export function checkResponseSource(where: string, value: unknown): asserts value is ResponseSource {
  if (typeof (value as { subscribe?: unknown } | null)?.subscribe !== 'function')
    throw invalid(where, 'a response (createResponse, fromPatchStream)', value);
}
