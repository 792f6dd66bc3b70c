import type { OutputTool, ToolDefinition } from '../tools/tool-definition';
import type { ModelRequest } from './model';

// A request's tools (and its forced output tool) in each provider's dialect. Nothing is sent for a
// request without tools, so a plain request's body is unchanged.

/** The tools of a request, the output tool last. */
function allTools(request: ModelRequest): (ToolDefinition | OutputTool)[] {
  return [...(request.tools ?? []), ...(request.outputTool ? [request.outputTool] : [])];
}

/** Chat Completions: `tools: [{ type: 'function', function }]`, the output tool forced by `tool_choice`. */
export function openAIChatTools(request: ModelRequest): Record<string, unknown> {
  const tools = allTools(request);
  if (tools.length === 0) return {};
  return {
    tools: tools.map(({ name, description, parameters, strict }) => ({
      type: 'function',
      function: { name, description, parameters, strict: strict ?? false },
    })),
    ...(request.outputTool ? { tool_choice: { type: 'function', function: { name: request.outputTool.name } } } : {}),
  };
}

/** Responses API: `tools: [{ type: 'function', name, … }]`, the output tool forced by `tool_choice`. */
export function openAIResponsesTools(request: ModelRequest): Record<string, unknown> {
  const tools = allTools(request);
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

/** Anthropic Messages: `tools: [{ name, description, input_schema }]`, forced by `tool_choice: { type: 'tool' }`. */
export function anthropicTools(request: ModelRequest): Record<string, unknown> {
  const tools = allTools(request);
  if (tools.length === 0) return {};
  return {
    tools: tools.map(({ name, description, parameters }) => ({ name, description, input_schema: parameters })),
    ...(request.outputTool ? { tool_choice: { type: 'tool', name: request.outputTool.name } } : {}),
  };
}
