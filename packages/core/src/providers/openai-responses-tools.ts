import type { ModelRequest } from './model';
import { requestTools } from './tool-request';

/** Responses API: `tools: [{ type: 'function', name, … }]`, the output tool forced by `tool_choice`. */
export function openAIResponsesTools(request: ModelRequest): Record<string, unknown> {
  const tools = requestTools(request);
  if (tools.length === 0) return {};
  return {
    tools: tools.map(({ name, description, parameters, strict }) => ({
      type: 'function',
      name,
      description,
      parameters,
      strict: strict ?? false,
    })),
    ...(request.outputTool ? { tool_choice: { type: 'function', name: request.outputTool.name } } : {}),
  };
}
