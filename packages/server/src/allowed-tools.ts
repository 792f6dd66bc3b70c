import { FieldstreamError } from '@fieldstream/core';

/** A tool as the server pins it: the fields of a Chat Completions tool's `function`. */
export type AllowedToolDefinition = {
  /** The tool's name (`^[A-Za-z0-9_-]{1,64}$`). */
  name: string;
  /** What it does, for the model. The server's text is what goes upstream. */
  description?: string;
  /** Its arguments' JSON Schema. A request must send exactly this schema (key order aside). */
  parameters: Record<string, unknown>;
  /** Sent upstream as `strict`. Default: what the request says, else false. */
  strict?: boolean;
};

/**
 * A tool the server lets browsers offer the model, pinned here by name and schema: its definition,
 * or the Chat Completions tool around it (`{ type: 'function', function: definition }`, what a
 * request's `tools` holds), so a tool copied from a request is allowed as it is. Both mean the same.
 */
export type AllowedTool = AllowedToolDefinition | { type: 'function'; function: AllowedToolDefinition };

/** The Chat Completions fields a tool allowance governs. */
export const ALLOWANCE_FIELDS: readonly string[] = ['tools', 'tool_choice', 'parallel_tool_calls'];

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const SHAPES =
  "{ name, description?, parameters, strict? } or { type: 'function', function: { name, description?, parameters, strict? } }";

/** The allowance by name, each tool's definition unwrapped once, checked when the proxy is created. */
export function resolveAllowedTools(
  tools: readonly AllowedTool[] | undefined,
): ReadonlyMap<string, AllowedToolDefinition> {
  const byName = new Map<string, AllowedToolDefinition>();
  if (tools === undefined) return byName;
  if (!Array.isArray(tools)) fail(`allowTools must be a list of ${SHAPES}; got ${shapeOf(tools)}`);
  for (const [index, tool] of tools.entries()) {
    const definition = definitionOf(tool);
    if (definition === undefined) fail(`allowTools[${index}] must be ${SHAPES}; got ${shapeOf(tool)}`);
    const { name, description, parameters, strict } = definition;
    if (!NAME.test(name) || byName.has(name)) fail(`allowTools: ${JSON.stringify(name)} is not a unique tool name`);
    if (!isObject(parameters)) fail(`allowTools: ${name} needs a JSON Schema object as parameters`);
    byName.set(name, { name, description, parameters, strict });
  }
  return byName;
}

/** The definition in either shape of `AllowedTool`, read from any value; undefined when neither fits. */
function definitionOf(tool: unknown): AllowedToolDefinition | undefined {
  if (!isObject(tool)) return undefined;
  const definition = tool.type === 'function' && isObject(tool.function) ? tool.function : tool;
  return typeof definition.name === 'string' ? (definition as AllowedToolDefinition) : undefined;
}

/** A value's shape for an error message: its type, and an object's keys with theirs, two levels deep. */
function shapeOf(value: unknown, depth = 1): string {
  if (Array.isArray(value)) return 'array';
  if (!isObject(value)) return value === null ? 'null' : typeof value;
  if (depth < 0) return 'object';
  const entries = Object.entries(value).map(([key, inner]) => `${key}: ${shapeOf(inner, depth - 1)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

/**
 * The upstream `tools`, `tool_choice` and `parallel_tool_calls` for a request's, when every tool it
 * offers is allowed with the server's very schema and its `tool_choice` names no other tool;
 * otherwise why not. What goes upstream is the server's definition, never the client's.
 * Total over JSON: any value in any of these fields gets one of the two answers, and a shape other
 * than the ones named is refused before anything inside it is read (a `null` entry, a `function`
 * that is an array, a name that is not a string). `canonical` recurses: the proxy caps depth first.
 */
export function checkToolRequest(
  body: Record<string, unknown>,
  allowed: ReadonlyMap<string, AllowedToolDefinition>,
): { ok: true; fields: Record<string, unknown> } | { ok: false; reason: string } {
  const fields: Record<string, unknown> = {};
  if (Object.hasOwn(body, 'tools')) {
    const tools = body.tools;
    if (!Array.isArray(tools) || tools.length > allowed.size) return refuse('"tools" must list allowed tools');
    const out: unknown[] = [];
    for (const entry of tools) {
      const fn = functionOf(entry);
      if (fn === undefined)
        return refuse('each "tools" entry must be { type: "function", function: { name, parameters } }');
      // A Map lookup: a name such as `__proto__` or `constructor` finds nothing.
      const pinned = allowed.get(fn.name);
      if (pinned === undefined) return refuse(`tool ${JSON.stringify(fn.name.slice(0, 64))} is not allowed`);
      if (canonical(fn.parameters) !== canonical(pinned.parameters))
        return refuse(`tool "${pinned.name}": its parameters differ from the server's`);
      const strict = pinned.strict ?? fn.strict === true;
      out.push({
        type: 'function',
        function: { name: pinned.name, description: pinned.description, parameters: pinned.parameters, strict },
      });
    }
    fields.tools = out;
  }
  if (Object.hasOwn(body, 'tool_choice')) {
    const choice = body.tool_choice;
    const forced = functionOf(choice)?.name;
    if (choice === 'auto' || choice === 'none' || choice === 'required') fields.tool_choice = choice;
    else if (forced !== undefined && allowed.has(forced))
      fields.tool_choice = { type: 'function', function: { name: forced } };
    else return refuse('"tool_choice" may only be auto, none, required or an allowed tool');
  }
  if (Object.hasOwn(body, 'parallel_tool_calls')) {
    if (typeof body.parallel_tool_calls !== 'boolean') return refuse('"parallel_tool_calls" must be a boolean');
    fields.parallel_tool_calls = body.parallel_tool_calls;
  }
  return { ok: true, fields };
}

/** The `function` of a `{ type: 'function', function: { name: string, … } }` (a tool, a forced choice); else undefined. */
function functionOf(value: unknown): { name: string; parameters?: unknown; strict?: unknown } | undefined {
  if (!isObject(value) || value.type !== 'function' || !isObject(value.function)) return undefined;
  const fn = value.function;
  return typeof fn.name === 'string' ? { name: fn.name, parameters: fn.parameters, strict: fn.strict } : undefined;
}

/** A JSON object: not null, not an array. */
function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

/** JSON with object keys sorted, so two spellings of one schema compare equal. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

function fail(message: string): never {
  throw new FieldstreamError('PROXY_OPTIONS_INVALID', `createModelProxy: ${message}`);
}
