import type { OutputTool, ToolDefinition } from '../tools/tool-definition';
import type { ModelRequest } from './model';

// What every tool dialect sends: nothing for a request without tools, so a plain request's body is
// unchanged. Each adapter writes the list in its own dialect, in a file of its own loaded on demand.

/** The tools of a request, the output tool last. */
export function requestTools(request: ModelRequest): (ToolDefinition | OutputTool)[] {
  return [...(request.tools ?? []), ...(request.outputTool ? [request.outputTool] : [])];
}
