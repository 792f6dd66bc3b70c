import { type PlaygroundProvider, PROVIDER_ROUTES } from './provider-routes';

/** One entry of the provider picker. */
export type ProviderChoice = {
  id: PlaygroundProvider;
  label: string;
  /** What goes over the wire, in a line. */
  wire: string;
};

/** The picker's providers, in order. */
export const PROVIDER_CHOICES: readonly ProviderChoice[] = [
  {
    id: 'openAIChat',
    label: 'OpenAI Chat',
    wire: `POST ${PROVIDER_ROUTES.openAIChat}: chat.completion.chunk events, reasoning_content, a usage chunk, [DONE]`,
  },
  {
    id: 'openAIResponses',
    label: 'OpenAI Responses',
    wire: `POST ${PROVIDER_ROUTES.openAIResponses}: response.* events, reasoning summary deltas, usage on response.completed`,
  },
  {
    id: 'anthropicMessages',
    label: 'Anthropic Messages',
    wire: `POST ${PROVIDER_ROUTES.anthropicMessages}: message_start, thinking and text blocks, usage on message_delta`,
  },
  {
    id: 'agentlyInstant',
    label: 'Agently instant',
    wire: `POST ${PROVIDER_ROUTES.agentlyInstant}: already-parsed field events (path, value, delta, is_complete, event_type), some as Python dicts`,
  },
  {
    id: 'textStream',
    label: 'Raw text stream',
    wire: `POST ${PROVIDER_ROUTES.textStream}: the answer as plain text (a fetch body); no meta, no error channel`,
  },
];

/** The provider with `id`, or OpenAI Chat. */
export function providerById(id: string | null | undefined): PlaygroundProvider {
  return PROVIDER_CHOICES.find((choice) => choice.id === id)?.id ?? 'openAIChat';
}
