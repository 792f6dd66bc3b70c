import { invalid } from '../errors/check-argument';
import { FieldstreamError } from '../errors/errors';
import type { OutputDefinition } from '../schema/define-output';
import { type OutputTool, TOOL_NAME, type ToolDefinition } from '../tools/tool-definition';
import type { CreateResponseOptions } from './response-options';

const WHERE = 'createResponse options';

/** The tools a response offers and its output tool, checked once when the response is made. */
export function resolveResponseTools(
  options: Pick<CreateResponseOptions<unknown>, 'tools' | 'outputTool' | 'responseFormat' | 'format'>,
  output: OutputDefinition | undefined,
): { tools: readonly ToolDefinition[] | undefined; outputTool: OutputTool | undefined } {
  const tools = options.tools === undefined ? undefined : checkTools(options.tools);
  const asked = options.outputTool;
  if (asked === undefined || asked === false) return { tools, outputTool: undefined };
  if (asked !== true && (asked === null || typeof asked !== 'object')) {
    throw invalid(`${WHERE}.outputTool`, 'true, or { name?, description?, strict? }', asked);
  }
  const settings = asked === true ? {} : asked;
  if (output === undefined || options.responseFormat !== undefined) {
    throw new FieldstreamError(
      'RESPONSE_OPTIONS_INVALID',
      'outputTool needs an `output` schema (its JSON Schema is the tool) and no `responseFormat`',
    );
  }
  if (options.format !== undefined && options.format !== 'auto' && options.format !== 'json') {
    throw new FieldstreamError(
      'RESPONSE_OPTIONS_INVALID',
      `outputTool needs the json format, but format is ${options.format}`,
    );
  }
  const name = settings.name ?? 'output';
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) throw invalid(`${WHERE}.outputTool.name`, 'a tool name', name);
  if (tools?.some((tool) => tool.name === name)) throw invalid(`${WHERE}.outputTool.name`, 'a name no tool has', name);
  const outputTool: OutputTool = { name, parameters: output.toJSONSchema(), strict: settings.strict ?? true };
  if (typeof settings.description === 'string') outputTool.description = settings.description;
  return { tools, outputTool };
}

function checkTools(tools: unknown): readonly ToolDefinition[] {
  if (!Array.isArray(tools)) throw invalid(`${WHERE}.tools`, 'a list of { name, parameters }', tools);
  const names = new Set<string>();
  return tools.map((tool: unknown, i) => {
    const where = `${WHERE}.tools[${i}]`;
    const candidate = tool as Partial<ToolDefinition> | null;
    if (candidate === null || typeof candidate !== 'object') throw invalid(where, '{ name, parameters }', tool);
    if (typeof candidate.name !== 'string' || !TOOL_NAME.test(candidate.name) || names.has(candidate.name)) {
      throw invalid(`${where}.name`, 'a unique name matching ^[A-Za-z0-9_-]{1,64}$', candidate.name);
    }
    if (candidate.parameters === null || typeof candidate.parameters !== 'object') {
      throw invalid(`${where}.parameters`, 'a JSON Schema object', candidate.parameters);
    }
    names.add(candidate.name);
    return candidate as ToolDefinition;
  });
}
