import { ProviderError } from '../errors/errors';
import { checkHttpProviderOptions } from './check-provider-options';
import type { GeminiThoughts } from './gemini-thoughts';
import {
  endedEarly,
  endpoint,
  type HttpProviderOptions,
  postEventStream,
  redactingKey,
  requestBody,
} from './http-provider';
import { asNumber, asRecord, asString, field, type JsonRecord, parseEventJSON } from './json-fields';
import type { Model, ModelEvent, ModelRequest } from './model';
import { answerChoice, chunkUsage, deltaParts, toolCallFragments } from './openai-chat-chunk';
import type { ProviderDescriptor } from './provider-descriptor';
import { definedOnly, type TokenUsage } from './provider-meta';

const PROVIDER = 'openAIChat';

/** {@link openAIChat}: a response format goes out as `response_format`, a strict schema enforced. */
export const openAIChatProvider: ProviderDescriptor<typeof PROVIDER> = {
  name: PROVIDER,
  capabilities: { jsonObject: true, jsonSchema: true, strictJsonSchema: true, reasoning: true },
};

/** Options for {@link openAIChat}. */
export type OpenAIChatOptions = HttpProviderOptions & {
  /** Ask for a final usage chunk (`stream_options.include_usage`). Default true; some compatible servers reject it. */
  includeUsage?: boolean;
};

/**
 * OpenAI Chat Completions streaming (`POST {baseURL}/chat/completions`, `stream: true`), and any
 * server that speaks it (Azure, vLLM, Ollama, DeepSeek, Mistral, Groq, xAI, OpenRouter, Gemini's
 * OpenAI-compatible endpoint, …). Yields answer text from the choice with `index` 0 (with `n > 1`
 * the other choices are not read: request one choice per response), `delta.content` as a string
 * or as typed parts (text and Mistral's `thinking`), reasoning from `delta.reasoning_content` /
 * `delta.reasoning` / thinking parts / Gemini's `<thought>…</thought>` content (deltas flagged
 * `extra_content.google.thought`; the tags never reach the text), and meta: id and model from the
 * first chunk that has them, finish reason, usage (`usage`, or Groq's `x_groq.usage`), and tool-call
 * fragments from `delta.tool_calls` (parallel calls by `index`). A request's `tools` and `outputTool`
 * go out as `tools` (the output tool forced by `tool_choice`). An `error` object in the stream throws `ProviderError`
 * with the raw event; a stream that ends before `[DONE]` throws `TransportError` status 0.
 */
export function openAIChat(options: OpenAIChatOptions): Model {
  checkHttpProviderOptions(PROVIDER, options);
  return redactingKey(options.apiKey, async function* openAIChatModel(request, { signal }) {
    const url = endpoint(options.baseURL, 'chat/completions');
    const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
    // Only a request with tools loads their dialect (decision 0013).
    const tools = request.tools || request.outputTool ? await import('./openai-chat-tools') : undefined;
    const body = requestBody(options, request, {
      messages: request.messages,
      stream: true,
      ...(options.includeUsage === false ? {} : { stream_options: { include_usage: true } }),
      ...responseFormat(request),
      ...(tools ? tools.openAIChatTools(request) : {}),
    });
    let sawFirstChunk = false;
    let id: string | undefined;
    let model: string | undefined;
    let refusal = '';
    // Only Gemini's flagged thought deltas need the tag reader: it loads with the first one (decision 0013).
    let thoughts: GeminiThoughts | undefined;
    for await (const message of postEventStream(
      url,
      options,
      headers,
      body,
      signal,
      (message) => message.data === '[DONE]',
    )) {
      if (message.data === '[DONE]') {
        const reasoning = thoughts?.finish().reasoning;
        if (reasoning) yield { type: 'reasoning', delta: reasoning };
        if (refusal !== '') yield { type: 'meta', meta: { refusal } };
        return;
      }
      const chunk = parseEventJSON(PROVIDER, message.data);
      throwIfError(chunk, message.data, message.event);
      // Azure's first chunk has `"id": ""` and `"model": ""`: each is read from the first chunk that has it.
      const chunkId = asString(chunk.id) || undefined;
      const chunkModel = asString(chunk.model) || undefined;
      if (!sawFirstChunk || (id === undefined && chunkId) || (model === undefined && chunkModel)) {
        sawFirstChunk = true;
        id ??= chunkId;
        model ??= chunkModel;
        yield { type: 'meta', meta: definedOnly({ provider: PROVIDER, id, model }) };
      }
      const choice = answerChoice(chunk);
      const delta = asRecord(choice?.delta);
      const parts = deltaParts(delta);
      const thought = field(delta, 'extra_content', 'google', 'thought') === true;
      if (thought && thoughts === undefined) thoughts = new (await import('./gemini-thoughts')).GeminiThoughts();
      // Before the first flagged delta every delta is answer text, as GeminiThoughts would pass it.
      const { text, reasoning } = thoughts?.push(parts.text, thought) ?? { text: parts.text, reasoning: '' };
      if (parts.reasoning || reasoning) yield { type: 'reasoning', delta: parts.reasoning + reasoning };
      if (text) yield { type: 'text', delta: text };
      yield* toolCallFragments(delta);
      refusal += asString(delta?.refusal) ?? '';
      const finishReason = asString(choice?.finish_reason);
      if (finishReason) yield { type: 'meta', meta: { finishReason } };
      const usage = chunkUsage(chunk);
      if (usage) yield usageEvent(usage);
    }
    throw endedEarly(PROVIDER, url, 'data: [DONE]');
  });
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
