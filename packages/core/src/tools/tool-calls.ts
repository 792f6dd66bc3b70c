/** The reserved channel of a model's tool calls: `$tools[0].arguments.query` (docs/patch-contract.md §5). */
export const TOOLS_PATH = '$tools';

/** A JSON value as the json parser builds it (own keys only): what a tool call's arguments are. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One tool call the model made, as the response ends with it. Fieldstream never executes it. */
export type ToolCall = {
  /** The call's position among this attempt's calls (0 first), in the order they opened. */
  readonly index: number;
  /** The provider's call id (`call_…`, `toolu_…`), to answer the call with. */
  readonly id: string;
  /** The tool's name. */
  readonly name: string;
  /** The parsed arguments (the final parse of the arguments text). */
  readonly arguments: JsonValue;
};

/** The `$tools[i]` path of call `i`. */
export function toolCallPath(index: number): string {
  return `${TOOLS_PATH}[${index}]`;
}
