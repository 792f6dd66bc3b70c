import type { ProviderName } from '@fieldstream/core';

/** The providers the playground can run a preset through (every shipped one but the in-process `scriptedModel`). */
export type PlaygroundProvider = Exclude<ProviderName, 'scriptedModel'>;

/**
 * Where the playground server answers each provider in its own wire shape. `openAIChat` is the
 * existing OpenAI-compatible endpoint; the others live in `server/provider-endpoints.ts`.
 */
export const PROVIDER_ROUTES: Readonly<Record<PlaygroundProvider, string>> = {
  openAIChat: '/api/chat/completions',
  openAIResponses: '/api/responses',
  anthropicMessages: '/api/anthropic/messages',
  agentlyInstant: '/api/agently/instant',
  textStream: '/api/text',
};

/** `GET` with `?scenario=…`: the request log of the provider endpoints (same shape as `/api/stats`). */
export const PROVIDER_STATS_ROUTE = '/api/providers/stats';

/** The model name the provider endpoints report. */
export const PROVIDER_MODEL_NAME = 'fieldstream-scripted';

/**
 * The token usage the scripted endpoints report, as the chat endpoint counts it: a token per four
 * characters of the prompt, and per four characters of the answer text delivered.
 */
export function scriptedUsage(promptChars: number, answerChars: number): { input: number; output: number } {
  return { input: Math.ceil(promptChars / 4), output: Math.ceil(answerChars / 4) };
}
