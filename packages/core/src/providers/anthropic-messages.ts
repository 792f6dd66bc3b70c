import { ProviderError } from '../errors/errors';
import { checkHttpProviderOptions } from './check-provider-options';
import {
  endedEarly,
  endpoint,
  type HttpProviderOptions,
  postEventStream,
  redactingKey,
  requestBody,
} from './http-provider';
import { asNumber, asRecord, asString, field, type JsonRecord, parseEventJSON } from './json-fields';
import type { Model, ModelEvent } from './model';
import type { ProviderDescriptor } from './provider-descriptor';
import { definedOnly } from './provider-meta';
import { toolCallEvent } from './tool-call-event';

const PROVIDER = 'anthropicMessages';

/**
 * {@link anthropicMessages}: the Messages API has no response-format switch this adapter sets, so
 * planning falls back to prompt instructions.
 */
export const anthropicMessagesProvider: ProviderDescriptor<typeof PROVIDER> = {
  name: PROVIDER,
  capabilities: { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: true },
};

/** Options for {@link anthropicMessages}. */
export type AnthropicMessagesOptions = HttpProviderOptions & {
  /** `max_tokens` (required by the API). Default 4096; `body` or request settings may override it. */
  maxTokens?: number;
  /** The `anthropic-version` header. Default `2023-06-01`. */
  version?: string;
};

/**
 * Anthropic Messages streaming (`POST {baseURL}/messages`, `stream: true`; `baseURL` is e.g.
 * `https://api.anthropic.com/v1`). System messages become the `system` field. Yields answer text
 * from `text_delta`, reasoning from `thinking_delta`, tool calls from `tool_use` blocks (their input
 * as `input_json_delta`s, complete at `content_block_stop`), and meta from `message_start` /
 * `message_delta` (usage with `output_tokens_details.thinking_tokens` as `reasoningTokens`, stop reason). An `error` event (e.g. `overloaded_error`) throws
 * `ProviderError` with the raw event; a stream that ends before `message_stop` throws
 * `TransportError` status 0. Calling the API straight from a browser also needs the header
 * `anthropic-dangerous-direct-browser-access: true` (pass it in `headers`); a proxy is better.
 */
export function anthropicMessages(options: AnthropicMessagesOptions): Model {
  checkHttpProviderOptions(PROVIDER, options);
  return redactingKey(options.apiKey, async function* anthropicMessagesModel(request, { signal }) {
    const url = endpoint(options.baseURL, 'messages');
    const headers: Record<string, string> = {
      'anthropic-version': options.version ?? '2023-06-01',
      ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
    };
    const system = request.messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
    // Only a request with tools loads their dialect (decision 0013).
    const tools = request.tools || request.outputTool ? await import('./anthropic-messages-tools') : undefined;
    const body = requestBody(options, request, {
      messages: request.messages.filter((m) => m.role !== 'system').map(({ role, content }) => ({ role, content })),
      stream: true,
      ...(system === '' ? {} : { system }),
      ...(tools ? tools.anthropicMessagesTools(request) : {}),
    });
    if (body.max_tokens === undefined) body.max_tokens = options.maxTokens ?? 4096;
    let inputTokens: number | undefined;
    // The content blocks that are tool calls: only their stop ends a call.
    const toolBlocks = new Set<number>();
    for await (const message of postEventStream(
      url,
      options,
      headers,
      body,
      signal,
      (message) => message.event === 'message_stop',
    )) {
      const event = parseEventJSON(PROVIDER, message.data);
      switch (asString(event.type) ?? message.event) {
        case 'message_start': {
          const start = asRecord(event.message);
          inputTokens = asNumber(field(start, 'usage', 'input_tokens'));
          yield {
            type: 'meta',
            meta: definedOnly({ provider: PROVIDER, id: asString(start?.id), model: asString(start?.model) }),
          };
          break;
        }
        case 'content_block_start': {
          const block = asRecord(event.content_block);
          if (block?.type === 'tool_use') {
            const key = asNumber(event.index) ?? 0;
            toolBlocks.add(key);
            yield toolCallEvent(key, asString(block.id), asString(block.name), '');
          }
          break;
        }
        case 'content_block_stop':
          if (toolBlocks.has(asNumber(event.index) ?? 0))
            yield { type: 'tool_call_end', key: asNumber(event.index) ?? 0 };
          break;
        case 'content_block_delta': {
          const delta = asRecord(event.delta);
          const kind = asString(delta?.type);
          if (kind === 'input_json_delta') {
            yield { type: 'tool_call', key: asNumber(event.index) ?? 0, delta: asString(delta?.partial_json) ?? '' };
          }
          if (kind === 'text_delta' && asString(delta?.text))
            yield { type: 'text', delta: asString(delta?.text) ?? '' };
          if (kind === 'thinking_delta' && asString(delta?.thinking)) {
            yield { type: 'reasoning', delta: asString(delta?.thinking) ?? '' };
          }
          break;
        }
        case 'message_delta':
          yield messageDelta(event, inputTokens);
          break;
        case 'message_stop':
          return;
        case 'error': {
          const error = asRecord(event.error);
          throw new ProviderError(
            PROVIDER,
            asString(error?.type) ?? 'error',
            asString(error?.message) ?? message.data,
            {
              rawText: message.data,
            },
          );
        }
      }
    }
    throw endedEarly(PROVIDER, url, 'message_stop');
  });
}

function messageDelta(event: JsonRecord, inputTokens: number | undefined): ModelEvent {
  const usage = asRecord(event.usage);
  const outputTokens = asNumber(usage?.output_tokens);
  const input = asNumber(usage?.input_tokens) ?? inputTokens;
  return {
    type: 'meta',
    meta: definedOnly({
      finishReason: asString(field(event, 'delta', 'stop_reason')),
      usage: usage
        ? definedOnly({
            inputTokens: input,
            outputTokens,
            totalTokens: input !== undefined && outputTokens !== undefined ? input + outputTokens : undefined,
            reasoningTokens: asNumber(field(usage, 'output_tokens_details', 'thinking_tokens')),
          })
        : undefined,
      rawUsage: usage,
    }),
  };
}
