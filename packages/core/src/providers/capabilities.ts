/**
 * What a provider's API can do natively for structured output. Output-contract planning
 * (`planOutputContract(capabilities, request)`) reads this to decide between passing a
 * response format through, degrading it, or rejecting it. Plain data, visible to tests and UIs;
 * each provider's own file states its capabilities in its descriptor.
 */
export type ProviderCapabilities = {
  /** Accepts a "JSON object" response format (any valid JSON object, no schema). */
  jsonObject: boolean;
  /** Accepts a JSON Schema response format. */
  jsonSchema: boolean;
  /** Enforces a JSON Schema strictly (constrained decoding), not just as a hint. */
  strictJsonSchema: boolean;
  /** Streams reasoning / thinking text separately from the answer. */
  reasoning: boolean;
};
