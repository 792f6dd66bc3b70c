// biome-ignore-all assist/source/organizeImports: the exports are grouped the way a user meets them, not sorted.
// The public API of @fieldstream/core, in the order a user meets it: schema → parsing → response →
// store → UI → paths → errors → providers. Contracts and the answer flow live in `@fieldstream/core/kits`,
// the scripted model and fixtures for users' tests in `@fieldstream/core/testing`. Everything else
// is internal (tests import it by relative path). CHANGELOG.md lists every rename and move.

// Schema: the output shape, its ensure markers, JSON Schema, and the format `auto` picks for it.
export type { DefineOutputOptions, OutputDefinition, OutputSchema } from './schema/define-output';
export { defineOutput } from './schema/define-output';
export type { InferData, InferInput, InferOutput, InferStreamed } from './schema/infer-data';
export type { JsonSchema, JsonSchemaOptions } from './schema/json-schema';
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
export { selectFormat } from './schema/select-format';

// Parsing without a model: the incremental parser, the final parse, and the formats beyond the
// built-in json and text: import the ones you use and pass them (`formats: [hybridFormat]`) or
// register them once (`registerFormat(hybridFormat)`).
export type { CreateStreamParserOptions, StreamParser } from './formats/create-stream-parser';
export { createStreamParser } from './formats/create-stream-parser';
export { flatMarkdownFormat } from './formats/flat-markdown/index';
export type { FinalParse, FormatDefinition } from './formats/format-parser';
export { registerFormat } from './formats/format-registry';
export { hybridFormat } from './formats/hybrid/index';
export type { ParseOutputOptions } from './formats/parse-output';
export { parseOutput } from './formats/parse-output';
export { xmlFieldFormat } from './formats/xml-field/index';
export { yamlLiteralFormat } from './formats/yaml-literal/index';

// Response: one model answer, streamed as field patches, parsed, validated and retried once.
export type { CompletionSource, StreamingData } from './patch/streaming-data';
export type { PromptParts } from './prompt/prompt-parts';
export { createResponse, type ModelResponse } from './response/create-response';
export type { StreamedResponse } from './response/response-core';
export type { ObservationEvent, RetryReason } from './response/observation-events';
export type {
  ChunkEvent,
  ChunkListener,
  ResponseEvent,
  ResponseSource,
  ResponseStatus,
} from './response/response-events';
export type { ResponseMeta } from './response/response-meta';
export type { CreateResponseOptions } from './response/response-options';
export type { RetryPolicy } from './response/retry-policy';
export type { OutputToolOptions } from './response/response-options';
export type { JsonValue, ToolCall } from './tools/tool-calls';
export type { ToolDefinition } from './tools/tool-definition';
export type {
  FieldRejection,
  FieldValidationContext,
  FieldValidator,
  FieldValidators,
} from './response/validation/field-validator';
export type {
  ValidationContext,
  Validator,
  ValidatorFunction,
  ValidatorResult,
  ValidatorVerdict,
} from './response/validation/validator';

// Store: per-path field state for UIs (zustand/vanilla), and the selectors the React hooks use.
export type { FieldPhase, FieldReconciliation, FieldState } from './store/field-state';
export { fieldPhase, fieldSelector, isProvisional } from './store/field-state';
export type { FieldStore, FieldStoreOptions, SubscribeOptions } from './store/field-store';
export { createFieldStore } from './store/field-store';
export type { FieldRecord } from './store/field-record';
export type { FieldStoreState } from './store/field-store-state';
export { isTerminalStatus } from './store/field-store-state';
export type { ListItem, ListSelectorOptions } from './store/list-selector';
export type { Streamed } from './schema/streamed';
export { listSelector } from './store/list-selector';
export type { RetryBehaviour } from './store/reduce-events';
export type { ToolCalls, ToolCallState } from './store/tool-calls-state';
export { selectToolCalls } from './store/tool-call-list';

// UI: a store as a framework binding reads it (React's hooks are one): notifications on a schedule,
// per path, the end of a response at once, and a retry that stays on screen until it has rendered.
export type { Schedule } from './ui/schedule';
export type { SelectionReader, SelectOptions, StoreView, StoreViewOptions } from './ui/store-view';
export { createStoreView } from './ui/store-view';

// Paths: `a.b[0]["x y"]`, the `$reasoning` channel, and applying patches to a plain value.
export { applyPatch } from './patch/apply-patch';
export type { PathSegment } from './patch/path';
export type {
  DynamicPath,
  FieldListPattern,
  FieldPath,
  FieldValue,
  ItemPath,
  ListPattern,
  Path,
  PathValue,
} from './patch/typed-paths';
export { appendSegment, formatPath, parsePath } from './patch/path';
export { REASONING_PATH } from './patch/streaming-data';
export { TOOLS_PATH } from './tools/tool-calls';

// Errors: every failure is a FieldstreamError subclass with a stable `code`.
export type { FieldstreamErrorOptions } from './errors/errors';
export {
  AbortError,
  DepthLimitError,
  FieldstreamError,
  OutputParseError,
  ProviderError,
  SchemaError,
  TransportError,
} from './errors/errors';
export { EnsureError, OutputContractError, ValidationError } from './errors/rejection-errors';
export { ArgumentError } from './errors/argument-error';
export { FormatNotRegisteredError } from './errors/format-not-registered-error';
export { PathSyntaxError } from './patch/path';

// Providers: a model is a function from a request to provider events; these speak the common wires.
export type { AgentlyInstantOptions } from './providers/agently-instant';
export { agentlyInstant } from './providers/agently-instant';
export type { AnthropicMessagesOptions } from './providers/anthropic-messages';
export { anthropicMessages } from './providers/anthropic-messages';
export type { ProviderName } from './kits/provider-capabilities';
export type { ProviderCapabilities } from './providers/capabilities';
export type { HttpProviderOptions } from './providers/http-provider';
export type { Model, ModelEvent, ModelMessage, ModelRequest } from './providers/model';
export type { ProviderDescriptor } from './providers/provider-descriptor';
export type { OpenAIChatOptions } from './providers/openai-chat';
export { openAIChat } from './providers/openai-chat';
export type { OpenAIResponsesOptions } from './providers/openai-responses';
export { openAIResponses } from './providers/openai-responses';
export type { OutputContractRequest, ResponseFormatRequest } from './providers/output-contract/response-format';
export type { ProviderMeta, TokenUsage } from './providers/provider-meta';
export type { IncrementalRedaction, SecretRedactor } from './redaction/redact-secret';
export { createSecretRedactor } from './redaction/redact-secret';
export type { TextSource, TextStreamSource } from './providers/text-stream';
export { textStream } from './providers/text-stream';
export type { FetchEventStreamOptions } from './transport/fetch-event-stream';
export { fetchEventStream } from './transport/fetch-event-stream';
export type { ParseSSEOptions } from './transport/parse-sse';
export { parseSSE } from './transport/parse-sse';
export type { ChunkSource } from './transport/read-chunks';
export type { RetryOptions } from './transport/retry-policy';
export type { SSEMessage } from './transport/sse-message';
