import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../src/errors/argument-error';
import { FieldstreamError } from '../../src/errors/errors';
import { probes } from './input-probes';
import { loadApi } from './probe-api';

// Every bad input to a public function ends in a typed error that names the argument: never a
// TypeError from inside, never a silent coercion, never a hang (run-probes.ts counts the classes).
const api = await loadApi(join(import.meta.dirname, '..', '..', '..', '..'));

async function outcome(run: () => unknown): Promise<unknown> {
  try {
    const value = run();
    if (value instanceof Promise) await value;
  } catch (error) {
    return error;
  }
  return 'accepted';
}

describe('bad input to every public entry', () => {
  it.each(probes)('$name → a typed error naming "$mentions"', async (probe) => {
    const error = await outcome(() => probe.run(api));
    expect(error).toBeInstanceOf(FieldstreamError);
    const typed = error as FieldstreamError;
    expect(typed.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
    expect(typed.message.toLowerCase()).toContain(probe.mentions.toLowerCase());
    if (probe.errorName !== undefined) expect(typed.name).toBe(probe.errorName);
  });

  it('names the function, the argument, what was expected and what came', () => {
    expect(() => api.createStreamParser({ format: 'bogus' })).toThrowError(
      new ArgumentError(
        'createStreamParser options.format',
        "createStreamParser options.format must be one of 'auto', 'json', 'hybrid', 'xml_field', 'yaml_literal', 'flat_markdown', 'text', got the string \"bogus\"",
      ),
    );
    const error = (() => {
      try {
        api.parsePath(42);
      } catch (caught) {
        return caught as ArgumentError;
      }
    })();
    expect(error).toMatchObject({ name: 'ArgumentError', code: 'ARGUMENT_INVALID', argument: 'parsePath path' });
    expect(error?.message).toBe('parsePath path must be a string, got the number 42');
  });
});
