import { type Model, openAIChat } from '@fieldstream/core';
import { ATTEMPT_HEADER, SCENARIO_BODY_FIELD, type ScenarioOptions } from './scenario-options';

/** Where the playground's server answers OpenAI-compatible chat requests. */
export const PLAYGROUND_API_BASE = '/api';

/**
 * The playground's model: `openAIChat` against the playground server, exactly as an app would talk
 * to its own backend. Each request tells the server which scenario it belongs to, the attempt, and
 * the format this attempt's prompt asks for (after an `auto` parse failure the retry asks `json`).
 * No API key: the server holds any real key.
 */
export function playgroundModel(options: ScenarioOptions): Model {
  return (request, context) =>
    openAIChat({
      baseURL: PLAYGROUND_API_BASE,
      model: 'fieldstream-scripted',
      headers: { [ATTEMPT_HEADER]: String(request.attempt) },
      body: { [SCENARIO_BODY_FIELD]: { ...options, format: request.format } satisfies ScenarioOptions },
    })(request, context);
}
