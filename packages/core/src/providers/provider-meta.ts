/** Token counts, normalised across providers (absent when the provider did not say). */
export type TokenUsage = {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** Tokens spent on reasoning, when reported separately (counted inside `outputTokens`). */
  reasoningTokens?: number;
};

/**
 * The meta keys the shipped providers report through `{ type: 'meta' }` events (merged into
 * `getMeta()`): which provider, the response id and model, why generation stopped, token usage
 * (normalised, plus the provider's own object as `rawUsage`), and a refusal text if any.
 */
export type ProviderMeta = {
  provider?: string;
  id?: string;
  model?: string;
  finishReason?: string;
  usage?: TokenUsage;
  rawUsage?: unknown;
  refusal?: string;
};

/** Drops undefined fields so meta merges never overwrite a value with undefined. */
export function definedOnly<T extends Record<string, unknown>>(record: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(record) as (keyof T)[]) if (record[key] !== undefined) out[key] = record[key];
  return out;
}
