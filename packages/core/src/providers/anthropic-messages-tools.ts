import type { ModelRequest } from './model';
import { requestTools } from './tool-request';

/** Anthropic Messages: `tools: [{ name, description, input_schema }]`, forced by `tool_choice: { type: 'tool' }`. */
export function anthropicMessagesTools(request: ModelRequest): Record<string, unknown> {
  const tools = requestTools(request);
  if (tools.length === 0) return {};
  return {
    tools: tools.map(({ name, description, parameters }) => ({ name, description, input_schema: parameters })),
    ...(request.outputTool ? { tool_choice: { type: 'tool', name: request.outputTool.name } } : {}),
  };
}
