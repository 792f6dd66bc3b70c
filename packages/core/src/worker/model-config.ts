import { invalid } from '../errors/check-argument';
import { type AnthropicMessagesOptions, anthropicMessages } from '../providers/anthropic-messages';
import type { Model } from '../providers/model';
import { type OpenAIChatOptions, openAIChat } from '../providers/openai-chat';
import { type OpenAIResponsesOptions, openAIResponses } from '../providers/openai-responses';
import { type ScriptedModelOptions, scriptedModel } from '../testing/scripted-model';

/** HTTP provider options without the parts that cannot cross to a Worker (the worker uses its own `fetch`). */
type Plain<Options> = Omit<Options, 'fetch' | 'retry'> & {
  /** Opt-in retries of opening the stream, with a fixed delay (a function cannot cross). */
  retry?: { attempts: number; delayMs?: number };
};

/**
 * A model named by its provider factory and plain options, so it can be built inside a Worker:
 * `{ provider: 'openai-chat', baseURL: '/api', model: 'gpt-4o-mini' }`. `scripted` is the
 * deterministic test model (answers as strings only).
 */
export type WorkerModelConfig =
  | ({ provider: 'openai-chat' } & Plain<OpenAIChatOptions>)
  | ({ provider: 'openai-responses' } & Plain<OpenAIResponsesOptions>)
  | ({ provider: 'anthropic-messages' } & Plain<AnthropicMessagesOptions>)
  | ({ provider: 'scripted' } & Omit<ScriptedModelOptions, 'answers' | 'reasoning'> & {
        answers: readonly string[];
        reasoning?: string | readonly string[];
      });

/** The model a {@link WorkerModelConfig} names (the provider factories check the rest). */
export function modelFromConfig(config: WorkerModelConfig): Model {
  if (config === null || typeof config !== 'object')
    throw invalid('worker response options.model', "a model config such as { provider: 'openai-chat', … }", config);
  const { provider, ...options } = config;
  switch (provider) {
    case 'openai-chat':
      return openAIChat(options as OpenAIChatOptions);
    case 'openai-responses':
      return openAIResponses(options as OpenAIResponsesOptions);
    case 'anthropic-messages':
      return anthropicMessages(options as AnthropicMessagesOptions);
    case 'scripted':
      return scriptedModel(options as ScriptedModelOptions);
    default:
      throw invalid(
        'worker response options.model.provider',
        "'openai-chat', 'openai-responses', 'anthropic-messages' or 'scripted'",
        provider,
      );
  }
}
