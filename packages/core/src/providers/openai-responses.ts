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
import type { Model, ModelEvent, ModelRequest } from './model';
import type { ProviderDescriptor } from './provider-descriptor';
import { definedOnly } from './provider-meta';
import { toolCallEvent } from './tool-call-event';

const PROVIDER = 'openAIResponses';

/** {@link openAIResponses}: a response format goes out as `text.format`, a strict schema enforced. */
export const openAIResponsesProvider: ProviderDescriptor<typeof PROVIDER> = {
  name: PROVIDER,
  capabilities: { jsonObject: true, jsonSchema: true, strictJsonSchema: true, reasoning: true },
};

/** Options for {@link openAIResponses}. */
export type OpenAIResponsesOptions = HttpProviderOptions;

/**
 * OpenAI Responses API streaming (`POST {baseURL}/responses`, `stream: true`). Yields answer text
 * from `response.output_text.delta`, reasoning from `response.reasoning_summary_text.delta` and
 * `response.reasoning_text.delta`, function calls from `response.output_item.added` (a
 * `function_call` item: id and name) and `response.function_call_arguments.delta` / `.done`, and meta from `response.created` / `response.completed`
 * (usage) / `response.incomplete` (its reason as `finishReason`). `response.failed` and `error`
 * events throw `ProviderError` with the raw event; a stream that ends before a terminal event
 * throws `TransportError` status 0.
 */
export function openAIResponses(options: OpenAIResponsesOptions): Model {
  checkHttpProviderOptions(PROVIDER, options);
  return redactingKey(options.apiKey, async function* openAIResponsesModel(request, { signal }) {
    const url = endpoint(options.baseURL, 'responses');
    const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
    // Only a request with tools loads their dialect (decision 0013).
    const tools = request.tools || request.outputTool ? await import('./openai-responses-tools') : undefined;
    const body = requestBody(options, request, {
      input: request.messages.map(({ role, content }) => ({ role, content })),
      stream: true,
      ...textFormat(request),
      ...(tools ? tools.openAIResponsesTools(request) : {}),
    });
    let refusal = '';
    for await (const message of postEventStream(
      url,
      options,
      headers,
      body,
      signal,
      (message) => message.event === 'response.completed' || message.event === 'response.incomplete',
    )) {
      const event = parseEventJSON(PROVIDER, message.data);
      const type = asString(event.type) ?? message.event;
      switch (type) {
        case 'response.created':
          yield responseMeta(asRecord(event.response));
          break;
        case 'response.output_text.delta':
          if (asString(event.delta)) yield { type: 'text', delta: asString(event.delta) ?? '' };
          break;
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta':
          if (asString(event.delta)) yield { type: 'reasoning', delta: asString(event.delta) ?? '' };
          break;
        case 'response.output_item.added': {
          const item = asRecord(event.item);
          if (item?.type !== 'function_call') break;
          const key = asNumber(event.output_index) ?? 0;
          yield toolCallEvent(key, asString(item.call_id), asString(item.name), asString(item.arguments) ?? '');
          break;
        }
        case 'response.function_call_arguments.delta':
          yield { type: 'tool_call', key: asNumber(event.output_index) ?? 0, delta: asString(event.delta) ?? '' };
          break;
        case 'response.function_call_arguments.done':
          yield { type: 'tool_call_end', key: asNumber(event.output_index) ?? 0 };
          break;
        case 'response.refusal.delta':
          refusal += asString(event.delta) ?? '';
          break;
        case 'response.completed':
        case 'response.incomplete':
          yield* finish(asRecord(event.response), refusal);
          return;
        case 'response.failed': {
          const error = asRecord(field(event, 'response', 'error'));
          throw new ProviderError(
            PROVIDER,
            asString(error?.code) ?? 'response_failed',
            asString(error?.message) ?? message.data,
            {
              rawText: message.data,
            },
          );
        }
        case 'error':
          throw new ProviderError(
            PROVIDER,
            asString(event.code) ??
              asString(field(event, 'error', 'code')) ??
              asString(field(event, 'error', 'type')) ??
              'error',
            asString(event.message) ?? asString(field(event, 'error', 'message')) ?? message.data,
            { rawText: message.data },
          );
      }
    }
    throw endedEarly(PROVIDER, url, 'response.completed');
  });
}

function textFormat(request: ModelRequest): Record<string, unknown> {
  const format = request.responseFormat;
  // `text` is every provider's default: nothing to send.
  if (!format || format.type === 'text') return {};
  if (format.type === 'json_object') return { text: { format: { type: 'json_object' } } };
  return { text: { format: { type: 'json_schema', name: format.name, schema: format.schema, strict: format.strict } } };
}

function responseMeta(response: JsonRecord | undefined): ModelEvent {
  return {
    type: 'meta',
    meta: definedOnly({ provider: PROVIDER, id: asString(response?.id), model: asString(response?.model) }),
  };
}

function* finish(response: JsonRecord | undefined, refusal: string): Generator<ModelEvent> {
  const usage = asRecord(response?.usage);
  const status = asString(response?.status);
  const finishReason =
    status === 'incomplete' ? (asString(field(response, 'incomplete_details', 'reason')) ?? 'incomplete') : status;
  yield {
    type: 'meta',
    meta: definedOnly({
      id: asString(response?.id),
      model: asString(response?.model),
      finishReason,
      refusal: refusal === '' ? undefined : refusal,
      usage: usage
        ? definedOnly({
            inputTokens: asNumber(usage.input_tokens),
            outputTokens: asNumber(usage.output_tokens),
            totalTokens: asNumber(usage.total_tokens),
            reasoningTokens: asNumber(field(usage, 'output_tokens_details', 'reasoning_tokens')),
          })
        : undefined,
      rawUsage: usage,
    }),
  };
}
