/**
 * What a provider's API can do natively for structured output. Output-contract planning
 * (`planOutputContract(capabilities, request)`) reads this to decide between passing a
 * response format through, degrading it, or rejecting it. Plain data, visible to tests and UIs.
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

/** The providers the core ships, by factory name. */
export type ProviderName =
  | 'openAIChat'
  | 'openAIResponses'
  | 'anthropicMessages'
  | 'agentlyInstant'
  | 'textStream'
  | 'scriptedModel';

/**
 * Capabilities of each shipped provider adapter, as the adapter sends them: `openAIChat` maps a
 * request's `responseFormat` to `response_format`, `openAIResponses` to `text.format`. The
 * others have no native structured-output switch the adapter sets, so planning must fall back
 * to prompt instructions for them.
 */
export const providerCapabilities: Readonly<Record<ProviderName, Readonly<ProviderCapabilities>>> = {
  openAIChat: { jsonObject: true, jsonSchema: true, strictJsonSchema: true, reasoning: true },
  openAIResponses: { jsonObject: true, jsonSchema: true, strictJsonSchema: true, reasoning: true },
  anthropicMessages: { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: true },
  agentlyInstant: { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: true },
  textStream: { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: false },
  scriptedModel: { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: true },
};
