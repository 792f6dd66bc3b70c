import { ArgumentError } from '../errors/argument-error';
import { FieldstreamError } from '../errors/errors';
import { defineOutput } from '../schema/define-output';
import type { OutputNode } from '../schema/schema-types';

const SCHEMAS = 'a defineOutput definition, a Standard JSON Schema (zod 4, arktype, valibot) or a JSON Schema document';

/**
 * The compiled tree a binding's form or progress panel lays out from its `output`, which takes
 * every schema `createResponse` takes: a definition is used as it is; a Standard Schema or a JSON
 * Schema document is compiled as `createResponse` compiles it (`defineOutput`); a binding compiles
 * once per schema object. Anything else is an {@link ArgumentError} naming the prop (`where`, e.g.
 * `LiveForm output`).
 */
export function outputRoot(where: string, output: unknown): OutputNode {
  if (isDefinition(output)) return output.root;
  // zod and valibot schemas are objects, arktype's are functions.
  if (output === null || (typeof output !== 'object' && typeof output !== 'function')) {
    throw new ArgumentError(where, `${where} must be ${SCHEMAS}, got ${describe(output)}`);
  }
  try {
    return defineOutput(output as Parameters<typeof defineOutput>[0]).root;
  } catch (cause) {
    // defineOutput says why in a FieldstreamError (its message is its own string); anything else was
    // thrown by the schema object itself and goes on as it was, never read here.
    if (!(cause instanceof FieldstreamError)) throw cause;
    const error = new ArgumentError(where, `${where} must be ${SCHEMAS}; this one does not compile: ${cause.message}`);
    Object.defineProperty(error, 'cause', { value: cause, writable: true, configurable: true });
    throw error;
  }
}

/** A compiled definition (what `defineOutput` returns), or anything with its compiled tree. */
function isDefinition(output: unknown): output is { readonly root: OutputNode } {
  if (output === null || typeof output !== 'object' || '~standard' in output) return false;
  const root = (output as { root?: unknown }).root;
  return typeof root === 'object' && root !== null && NODE_KINDS.has((root as { kind?: unknown }).kind);
}

const NODE_KINDS = new Set<unknown>(['object', 'array', 'scalar', 'enum']);

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `a ${typeof value}`;
}
