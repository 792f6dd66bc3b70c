/**
 * The Standard Schema object an output definition was compiled from (a zod schema, say), kept
 * beside the definition rather than on it: the definition's shape and type stay as they are, and
 * only the early field checks (`response/validation/standard-field-schema.ts`) look it up.
 */
const sources = new WeakMap<object, object>();

export function rememberStandardSource(definition: object, schema: object): void {
  sources.set(definition, schema);
}

/** The schema `definition` was compiled from, when it was a Standard Schema. */
export function standardSourceOf(definition: object): object | undefined {
  return sources.get(definition);
}
