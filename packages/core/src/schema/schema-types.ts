/** The scalar type names a field tuple may use. */
export type TypeName = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'any';
/** A literal allowed in an enum. */
export type Literal = string | number | boolean | null;
/** `true` (= presence), `'presence'` or `'not_null'` (docs/architecture.md §4.3). `false` means no check. */
export type EnsureMark = boolean | 'presence' | 'not_null';
export type EnsureLevel = 'presence' | 'not_null';

/** `[type, description?, ensure?]`, Agently style. `type` is a type name or a list of literals. */
export type FieldTuple =
  | readonly [TypeName | readonly Literal[]]
  | readonly [TypeName | readonly Literal[], string]
  | readonly [TypeName | readonly Literal[], string, EnsureMark];

/** `[item]`: a list whose items follow `item`. */
export interface ArrayShape {
  readonly length: 1;
  readonly 0: SchemaShape;
}

/** An object: keys in the order they should be written. */
export interface ObjectShape {
  readonly [key: string]: SchemaShape;
}

/** What `defineOutput` accepts. */
export type SchemaShape = FieldTuple | ArrayShape | ObjectShape;

/**
 * What a JSON Schema says about a node beyond its shape, for the prompt to state (the schema's own
 * validator enforces it). Only nodes compiled from a JSON Schema (a Standard Schema's included)
 * carry it, as a non-enumerable `constraints` property, so the node compares and clones as before;
 * a tuple-DSL node has none: its ensure level says everything.
 */
export type NodeConstraints = {
  /** Whether null is a valid value. */
  nullable: boolean;
  /** Present when the schema has a `default` (filled in when the key is left out). */
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
};

/** The compiled, normalised form of a schema node that parsers and validators walk. */
export type OutputNode = (
  | { kind: 'scalar'; type: TypeName; description: string; ensure: EnsureLevel | undefined }
  | { kind: 'enum'; values: readonly Literal[]; description: string; ensure: EnsureLevel | undefined }
  | { kind: 'object'; fields: ReadonlyMap<string, OutputNode> }
  | { kind: 'array'; item: OutputNode }
) & { readonly constraints?: NodeConstraints };
