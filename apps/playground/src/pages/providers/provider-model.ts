import {
  agentlyInstant,
  anthropicMessages,
  type Model,
  type ModelRequest,
  type OutputDefinition,
  openAIChat,
  openAIResponses,
  TransportError,
  textStream,
} from '@fieldstream/core';
import { ATTEMPT_HEADER, SCENARIO_BODY_FIELD, type ScenarioOptions } from '../../api/scenario-options';
import { type PlaygroundProvider, PROVIDER_MODEL_NAME, PROVIDER_ROUTES } from './provider-routes';

/**
 * The chosen provider adapter against the playground server, exactly as an app would point it at
 * its own backend: no API key. Every request carries the scenario options (body field
 * `fieldstream`, with the format this attempt asks for) and the attempt number (header), so the
 * server plays the right answer and applies faults to the first attempt only.
 */
export function providerModel(
  provider: PlaygroundProvider,
  options: ScenarioOptions,
  output: OutputDefinition | undefined,
): Model {
  return (request, context) => {
    const scenario: ScenarioOptions = { ...options, format: request.format };
    // Only the chat endpoint can proxy to a real model.
    if (provider !== 'openAIChat') scenario.live = false;
    const headers = { [ATTEMPT_HEADER]: String(request.attempt) };
    const body = { [SCENARIO_BODY_FIELD]: scenario };
    const http = { model: PROVIDER_MODEL_NAME, headers, body };
    switch (provider) {
      case 'openAIChat':
        return openAIChat({ ...http, baseURL: '/api' })(request, context);
      case 'openAIResponses':
        return openAIResponses({ ...http, baseURL: '/api' })(request, context);
      case 'anthropicMessages':
        return anthropicMessages({ ...http, baseURL: '/api/anthropic' })(request, context);
      case 'agentlyInstant':
        return agentlyInstant({
          url: PROVIDER_ROUTES.agentlyInstant,
          headers,
          // The schema lets the adapter coerce Python-style strings ('True', 'None', '3') at typed paths.
          output,
          body: (next) => ({ ...agentlyBody(next), ...body }),
        })(request, context);
      case 'textStream':
        return textStream((next, { signal }) => openTextBody(next, scenario, signal))(request, context);
    }
  };
}

function agentlyBody(request: ModelRequest): Record<string, unknown> {
  const { prompt, messages, format, attempt } = request;
  return { prompt, messages, format, attempt };
}

/** POSTs the prompt to the raw-text endpoint and hands its body to `textStream`. */
async function openTextBody(
  request: ModelRequest,
  scenario: ScenarioOptions,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const url = PROVIDER_ROUTES.textStream;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [ATTEMPT_HEADER]: String(request.attempt) },
    body: JSON.stringify({ prompt: request.prompt, attempt: request.attempt, [SCENARIO_BODY_FIELD]: scenario }),
    signal,
  });
  if (!response.ok || response.body === null) {
    const text = await response.text().catch(() => '');
    throw new TransportError(`POST ${url} answered HTTP ${response.status}`, response.status, text, { url });
  }
  return response.body;
}
