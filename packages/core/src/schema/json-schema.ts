import type { EnsureLevel, OutputNode } from './schema-types';

/** A JSON Schema (draft 2020-12) document or sub-schema. */
export type JsonSchema = { [keyword: string]: unknown };

export type JsonSchemaOptions = {
  /**
   * The strict variant accepted by providers' native structured output: every key required,
   * no additional properties, and fields without an ensure marker made nullable instead of optional.
   */
  strict?: boolean;
  /** A `title` for the root schema. */
  title?: string;
};

/** Exports a compiled schema as JSON Schema 2020-12. */
export function toJSONSchema(root: OutputNode, options: JsonSchemaOptions = {}): JsonSchema {
  const schema = nodeSchema(root, options.strict === true);
  const head: JsonSchema = { $schema: 'https://json-schema.org/draft/2020-12/schema' };
  if (options.title !== undefined) head.title = options.title;
  return { ...head, ...schema };
}

/** A node's ensure level (object and list nodes carry none). */
const ensureOf = (node: OutputNode): EnsureLevel | undefined => (node as { ensure?: EnsureLevel }).ensure;

// Recursion depth equals the schema's nesting, which the author wrote by hand. Every schema built
// here is fresh, so making one nullable changes it in place.
function nodeSchema(node: OutputNode, strict: boolean): JsonSchema {
  if (node.kind === 'object') {
    const required: string[] = [];
    // fromEntries defines own properties: a `__proto__` field stays a field.
    const properties = Object.fromEntries(
      Array.from(node.fields, ([key, child]) => {
        const ensure = ensureOf(child);
        const schema = nodeSchema(child, strict);
        if (strict || ensure) required.push(key);
        // `presence` allows null; strict mode makes every key required, so an optional one allows null.
        if (ensure === 'presence' || (strict && !ensure)) {
          if (typeof schema.type === 'string' && schema.type !== 'null') schema.type = [schema.type, 'null'];
          else if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
        }
        return [key, schema];
      }),
    );
    const out: JsonSchema = { type: 'object', properties };
    if (required.length > 0) out.required = required;
    if (strict) out.additionalProperties = false;
    return out;
  }
  if (node.kind === 'array') {
    const out: JsonSchema = { type: 'array', items: nodeSchema(node.item, strict) };
    if (ensureOf(node.item) === 'not_null') out.minItems = 1;
    return out;
  }
  const out: JsonSchema =
    node.kind === 'enum' ? { enum: [...node.values] } : node.type === 'any' ? {} : { type: node.type };
  if (node.description) out.description = node.description;
  return out;
}
