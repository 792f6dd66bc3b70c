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

// Recursion depth equals the schema's nesting, which the author wrote by hand.
function nodeSchema(node: OutputNode, strict: boolean): JsonSchema {
  switch (node.kind) {
    case 'object': {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, child] of node.fields) {
        const ensure = ensureOf(child);
        let childSchema = nodeSchema(child, strict);
        if (strict && ensure !== 'not_null' && ensure !== 'presence') childSchema = nullable(childSchema);
        else if (ensure === 'presence') childSchema = nullable(childSchema);
        Object.defineProperty(properties, key, {
          value: childSchema,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        if (strict || ensure !== undefined) required.push(key);
      }
      const out: JsonSchema = { type: 'object', properties };
      if (required.length > 0) out.required = required;
      if (strict) out.additionalProperties = false;
      return out;
    }
    case 'array': {
      const out: JsonSchema = { type: 'array', items: nodeSchema(node.item, strict) };
      if (node.item.kind !== 'object' && node.item.kind !== 'array' && node.item.ensure === 'not_null')
        out.minItems = 1;
      return out;
    }
    case 'enum':
      return withDescription({ enum: [...node.values] }, node.description);
    case 'scalar':
      return withDescription(node.type === 'any' ? {} : { type: node.type }, node.description);
  }
}

function ensureOf(node: OutputNode): EnsureLevel | undefined {
  return node.kind === 'scalar' || node.kind === 'enum' ? node.ensure : undefined;
}

function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && schema.type !== 'null') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return { ...schema, enum: [...schema.enum, null] };
  return schema;
}

function withDescription(schema: JsonSchema, description: string): JsonSchema {
  return description === '' ? schema : { ...schema, description };
}
