import { displayValue } from './display-value';

/** A tool call the timeline names once it completes. */
export type ToolCallDraft = { name: string; text: string };

const TOOL_PATH = /^\$tools\[(\d+)\](?:\.(.*))?$/;

/**
 * The `$tools` channel's calls (docs/patch-contract.md §5), gathered from their finished leaves:
 * `$tools[i].name`, and each argument under `$tools[i].arguments`. When `$tools[i]` itself is
 * done, the call is complete and {@link done} returns it.
 */
export class ToolCalls {
  readonly #calls = new Map<string, { name: string; arguments: string[] }>();

  /** Records a finished `$tools…` path; returns the call when the path is the call itself. */
  done(path: string, value: unknown): ToolCallDraft | undefined {
    const match = TOOL_PATH.exec(path);
    if (match === null) return undefined;
    const index = match[1] as string;
    const rest = match[2];
    let call = this.#calls.get(index);
    if (call === undefined) {
      call = { name: '', arguments: [] };
      this.#calls.set(index, call);
    }
    if (rest === 'name') call.name = typeof value === 'string' ? value : displayValue(value);
    else if (rest?.startsWith('arguments') === true && rest !== 'arguments' && value !== undefined)
      call.arguments.push(`${rest.slice('arguments'.length).replace(/^\./, '')}: ${displayValue(value)}`);
    if (rest !== undefined) return undefined;
    return { name: call.name, text: `tool call ${index} ${call.name}(${call.arguments.join(', ')})` };
  }
}
