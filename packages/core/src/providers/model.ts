import type { StreamingData } from '../patch/streaming-data';
import type { JsonSchema } from '../schema/json-schema';
import type { FormatName } from '../schema/select-format';
import type { OutputTool, ToolDefinition } from '../tools/tool-definition';

/** One chat message sent to a provider. */
export type ModelMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** What a response asks a model for, once per attempt. */
export type ModelRequest = {
  /** The whole prompt (the `[INPUT]` … `[OUTPUT]:` envelope). */
  prompt: string;
  /** The prompt as chat messages (a user message holding `prompt`, plus any system message). */
  messages: ModelMessage[];
  /** The format the prompt asks for. */
  format: FormatName;
  /** The provider-native response format to request, when output-contract planning chose one. */
  responseFormat?:
    | { type: 'text' }
    | { type: 'json_object' }
    | { type: 'json_schema'; name: string; schema: JsonSchema; strict: boolean };
  /** Tools the model may call (`createResponse({ tools })`); the adapters send them in their dialect. */
  tools?: readonly ToolDefinition[];
  /**
   * Ask for the output as the arguments of this one tool, forced (`createResponse({ outputTool })`);
   * the adapter yields that call's fragments like any other and the response reads them as the answer.
   */
  outputTool?: OutputTool;
  /** 0 for the first attempt, then 1, 2, … on retries. */
  attempt: number;
  /** Free-form settings passed through to the provider (model name, temperature, …). */
  settings: Readonly<Record<string, unknown>>;
};

/** What a provider adapter yields. */
export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'reasoning'; delta: string }
  /** Already-parsed patches (e.g. a Python Agently service's instant events). */
  | { type: 'patch'; data: StreamingData }
  /**
   * A fragment of a tool call. `key` tells parallel calls apart (Chat Completions' `index`, the
   * Responses API's `output_index`, Anthropic's content-block `index`); `id` and `name` come with
   * the call's first fragment; `delta` is a piece of its arguments (JSON text).
   */
  | { type: 'tool_call'; key: number; id?: string; name?: string; delta: string }
  /** The provider says call `key` is complete (calls still open at the end of the stream complete then). */
  | { type: 'tool_call_end'; key: number }
  /** Usage, model id, finish reason, provider ids: merged into `getMeta()`. */
  | { type: 'meta'; meta: Readonly<Record<string, unknown>> };

/**
 * A model: any function from a request to a stream of events. Errors are thrown from the
 * iterator as typed errors (`TransportError`, `ProviderError`, `AbortError`).
 */
export type Model = (request: ModelRequest, options: { signal: AbortSignal }) => AsyncIterable<ModelEvent>;
