import { errorMessage } from '../../errors/error-message';

/**
 * The reason a validator or schema that threw is rejected with: `check threw: <what it threw>`.
 * A module of its own: the schema stage needs it without the validators' module (a Worker's first
 * chunk holds the schema stage, not the validators).
 */
export function thrownReason(name: string, error: unknown): string {
  return `${name} threw: ${errorMessage(error)}`;
}
