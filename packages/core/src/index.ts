// The public API of @fieldstream/core. Everything a user imports comes from here.

export type { FieldstreamErrorOptions } from './errors/errors';
export {
  AbortError,
  DepthLimitError,
  EnsureError,
  FieldstreamError,
  OutputContractError,
  OutputParseError,
  ProviderError,
  SchemaError,
  TransportError,
  ValidationError,
} from './errors/errors';
// Each layer's public surface lives in its own barrel.
export * from './formats/index';
export * from './kits/index';
export { applyPatch } from './patch/apply-patch';
export type { PathSegment } from './patch/path';
export { appendSegment, formatPath, PathSyntaxError, parsePath, WILDCARD, wildcardOf } from './patch/path';
export type { CompletionSource, StreamingData } from './patch/streaming-data';
export { REASONING_PATH } from './patch/streaming-data';
export * from './prompt/index';
export * from './providers/index';
export * from './reasoning/index';
export * from './response/index';
export type { DefineOutputOptions, OutputDefinition, OutputSchema } from './schema/define-output';
export { defineOutput } from './schema/define-output';
export type { InferData } from './schema/infer-data';
export type { JsonSchema, JsonSchemaOptions } from './schema/json-schema';
export { schemaNodeAt } from './schema/schema-node-at';
export type {
  ArrayShape,
  EnsureLevel,
  EnsureMark,
  FieldTuple,
  Literal,
  ObjectShape,
  OutputNode,
  SchemaShape,
  TypeName,
} from './schema/schema-types';
export type { FormatName, FormatOption } from './schema/select-format';
export type { StandardJSONSchemaV1, StandardSchemaV1, StandardTypedV1 } from './schema/standard-schema';
export { isStringField, selectFormat } from './schema/select-format';
export * from './store/index';
export * from './transport/index';
