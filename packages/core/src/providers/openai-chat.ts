import { ProviderError } from '../errors/errors';
import { checkHttpProviderOptions } from './check-provider-options';
import { endedEarly, endpoint, type HttpProviderOptions, postEventStream, requestBody } from './http-provider';
import { asNumber, asRecord, asString, field, type JsonRecord, parseEventJSON } from './json-fields';
import type { Model, ModelEvent, ModelRequest } from './model';
import { definedOnly, type TokenUsage } from './provider-meta';

const PROVIDER = 'openAIChat';

/** Options for {@link openAIChat}. */
export type OpenAIChatOptions = HttpProviderOptions & {
  /** Ask for a final usage chunk (`stream_options.include_usage`). Default true; some compatible servers reject it. */
  includeUsage?: boolean;
};

/**
 * OpenAI Chat Completions streaming (`POST {baseURL}/chat/completions`, `stream: true`), and any
 * server that speaks it (vLLM, Ollama, DeepSeek, OpenRouter, …). Yields answer text from
 * `choices[0].delta.content`, reasoning from `delta.reasoning_content` / `delta.reasoning`, and
 * meta (id, model, finish reason, usage). An `error` object in the stream throws `ProviderError`
 * with the raw event; a stream that ends before `[DONE]` throws `TransportError` status 0.
 */
export function openAIChat(options: OpenAIChatOptions): Model {
  checkHttpProviderOptions('openAIChat', options);
  return async function* openAIChatModel(request, { signal }) {
    const url = endpoint(options.baseURL, 'chat/completions');
    const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
    const body = requestBody(options, request, {
      messages: request.messages,
      stream: true,
      ...(options.includeUsage === false ? {} : { stream_options: { include_usage: true } }),
      ...responseFormat(request),
    });
    let sawFirstChunk = false;
    let refusal = '';
    for await (const message of postEventStream(url, options, headers, body, signal)) {
      if (message.data === '[DONE]') {
        if (refusal !== '') yield { type: 'meta', meta: { refusal } };
        return;
      }
      const chunk = parseEventJSON(PROVIDER, message.data);
      throwIfError(chunk, message.data, message.event);
      if (!sawFirstChunk) {
        sawFirstChunk = true;
        yield {
          type: 'meta',
          meta: definedOnly({ provider: PROVIDER, id: asString(chunk.id), model: asString(chunk.model) }),
        };
      }
      const delta = asRecord(field(chunk, 'choices', 0, 'delta'));
      const reasoning = asString(delta?.reasoning_content) ?? asString(delta?.reasoning);
      if (reasoning) yield { type: 'reasoning', delta: reasoning };
      const content = asString(delta?.content);
      if (content) yield { type: 'text', delta: content };
      refusal += asString(delta?.refusal) ?? '';
      const finishReason = asString(field(chunk, 'choices', 0, 'finish_reason'));
      if (finishReason) yield { type: 'meta', meta: { finishReason } };
      const usage = asRecord(chunk.usage);
      if (usage) yield usageEvent(usage);
    }
    throw endedEarly(PROVIDER, url, 'data: [DONE]');
  };
}

function responseFormat(request: ModelRequest): Record<string, unknown> {
  const format = request.responseFormat;
  // `text` is every provider's default: nothing to send.
  if (!format || format.type === 'text') return {};
  if (format.type === 'json_object') return { response_format: { type: 'json_object' } };
  return {
    response_format: {
      type: 'json_schema',
      json_schema: { name: format.name, schema: format.schema, strict: format.strict },
    },
  };
}

function throwIfError(chunk: JsonRecord, raw: string, event: string): void {
  const error = asRecord(chunk.error);
  if (!error && event !== 'error') return;
  const code = asString(error?.code) ?? asString(error?.type) ?? 'error';
  const message = asString(error?.message) ?? raw;
  throw new ProviderError(PROVIDER, code, message, { rawText: raw });
}

function usageEvent(usage: JsonRecord): ModelEvent {
  const normalised: TokenUsage = definedOnly({
    inputTokens: asNumber(usage.prompt_tokens),
    outputTokens: asNumber(usage.completion_tokens),
    totalTokens: asNumber(usage.total_tokens),
    reasoningTokens: asNumber(field(usage, 'completion_tokens_details', 'reasoning_tokens')),
  });
  return { type: 'meta', meta: { usage: normalised, rawUsage: usage } };
}
