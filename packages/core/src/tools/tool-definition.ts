import type { JsonSchema } from '../schema/json-schema';

/** A tool the model may call. Fieldstream never runs it: the calls come back as data. */
export type ToolDefinition = {
  /** The name the model calls it by (`^[A-Za-z0-9_-]{1,64}$`, what every provider accepts). */
  name: string;
  /** What the tool does, for the model. */
  description?: string;
  /** The JSON Schema of its arguments (an object schema). */
  parameters: JsonSchema;
  /** Ask the provider to enforce `parameters` strictly (OpenAI `strict: true`). Default false. */
  strict?: boolean;
};

/**
 * The output asked for as the arguments of one forced tool (`createResponse({ outputTool })`): the
 * output's JSON Schema is the tool's parameters, and its arguments are the answer.
 */
export type OutputTool = {
  /** The tool's name. Default `'output'`. */
  name: string;
  /** What the tool is for, for the model. */
  description?: string;
  /** The output's JSON Schema. */
  parameters: JsonSchema;
  /** Strict schema enforcement where the provider has it (OpenAI). Default true. */
  strict: boolean;
};

/** Tool and call names every provider accepts. */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
