// The public ./testing entry: the scripted model and fixtures for users' own tests. It is the one
// home of `scriptedModel` and its types (the main entry does not export them).
export type { ChunkSize } from './providers/scripted-chunks';
export type { ScriptedToolCall } from './providers/scripted-tool-calls';
export type { ProviderFixture } from './testing/provider-fixtures';
export {
  agentlyInstantFixture,
  anthropicMessagesFixture,
  openAIChatFixture,
  openAIResponsesFixture,
} from './testing/provider-fixtures';
export type { ScriptedFault, ScriptedModelOptions, ScriptedText } from './testing/scripted-model';
export { scriptedModel } from './testing/scripted-model';
export { seededRandom } from './testing/seeded-random';
export type { FixtureFetch, FixtureFetchCall, SSEFixtureEvent, SSEResponseOptions } from './testing/sse-fixtures';
export { fixtureFetch, formatSSE, sseResponse } from './testing/sse-fixtures';
