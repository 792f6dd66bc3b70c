import type { ModelRequest } from './model';
import { requestTools } from './tool-request';

/** Chat Completions: `tools: [{ type: 'function', function }]`, the output tool forced by `tool_choice`. */
export function openAIChatTools(request: ModelRequest): Record<string, unknown> {
  const tools = requestTools(request);
  if (tools.length === 0) return {};
  return {
    tools: tools.map(({ name, description, parameters, strict }) => ({
      type: 'function',
      function: { name, description, parameters, strict: strict ?? false },
    })),
    ...(request.outputTool ? { tool_choice: { type: 'function', function: { name: request.outputTool.name } } } : {}),
  };
}
