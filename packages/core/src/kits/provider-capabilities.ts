import { agentlyInstantProvider } from '../providers/agently-instant';
import { anthropicMessagesProvider } from '../providers/anthropic-messages';
import type { ProviderCapabilities } from '../providers/capabilities';
import { openAIChatProvider } from '../providers/openai-chat';
import { openAIResponsesProvider } from '../providers/openai-responses';
import type { ProviderDescriptor } from '../providers/provider-descriptor';
import { textStreamProvider } from '../providers/text-stream';
import { scriptedModelProvider } from '../testing/scripted-model';

// Every provider the package ships, in the order a table shows them: listing its descriptor here is
// how a shipped provider enters `providerCapabilities`. Descriptors are plain data, so the table
// bundles no adapter.
const shippedProviders = [
  openAIChatProvider,
  openAIResponsesProvider,
  anthropicMessagesProvider,
  agentlyInstantProvider,
  textStreamProvider,
  scriptedModelProvider,
] as const;

/** The providers the core ships, by factory name. */
export type ProviderName = (typeof shippedProviders)[number]['name'];

/**
 * Capabilities of each shipped provider adapter, as the adapter sends them (each provider's
 * descriptor): `openAIChat` maps a request's `responseFormat` to `response_format`,
 * `openAIResponses` to `text.format`. The others have no native structured-output switch the
 * adapter sets, so planning must fall back to prompt instructions for them.
 */
export const providerCapabilities: Readonly<Record<ProviderName, Readonly<ProviderCapabilities>>> =
  capabilityTable(shippedProviders);

function capabilityTable<Name extends string>(
  descriptors: readonly ProviderDescriptor<Name>[],
): Record<Name, Readonly<ProviderCapabilities>> {
  return Object.fromEntries(descriptors.map(({ name, capabilities }) => [name, capabilities])) as Record<
    Name,
    Readonly<ProviderCapabilities>
  >;
}
