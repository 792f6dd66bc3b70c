import { OutputParseError } from '../errors/errors';
import { type StreamParser, streamParserFor } from '../formats/create-stream-parser';
import { resolveFormat } from '../formats/resolve-format';
import { pushEach } from '../patch/push-each';
import type { CompletionSource, StreamingData } from '../patch/streaming-data';
import type { ModelEvent } from '../providers/model';
import { TOOLS_PATH, toolCallPath } from '../tools/tool-calls';

/** At most this many calls per attempt, and this many characters of one call's id, name and arguments. */
export const TOOL_CALL_LIMITS = Object.freeze({ calls: 64, idChars: 256, nameChars: 256, argumentChars: 1_000_000 });

type ToolCallEvent = Extract<ModelEvent, { type: 'tool_call' }>;
type ToolCallEnd = Extract<ModelEvent, { type: 'tool_call_end' }>;

type OpenCall = {
  position: number;
  id: string;
  name: string;
  /** The output tool's call: its arguments are the answer, not a `$tools` entry. */
  output: boolean;
  parser: StreamParser | undefined;
  chars: number;
  ended: boolean;
};

/**
 * Turns one attempt's tool-call fragments into patches on the `$tools` channel (docs/patch-contract.md
 * §5): per call `$tools[i]` opens, its `id` and `name` complete, its arguments stream through the
 * JSON stream parser under `$tools[i].arguments`, and `$tools[i]` completes with
 * `{ id, name, arguments }`. The output tool's call (by name, the first one) is not a call: its
 * arguments text is handed back as answer text. Calls are numbered in the order they open, whatever
 * the provider's keys; everything from the model is a value, never a key or a prototype.
 */
export class ToolCallStream {
  readonly #calls = new Map<number, OpenCall>();
  readonly #outputTool: string | undefined;
  readonly #maxDepth: number | undefined;
  #count = 0;
  #outputTaken = false;

  constructor(outputTool: string | undefined, maxDepth: number | undefined) {
    this.#outputTool = outputTool;
    this.#maxDepth = maxDepth;
  }

  /** The patches one fragment makes, or (for the output tool's call) the answer text it adds. */
  push(event: ToolCallEvent): { patches: StreamingData[]; answer: string } {
    const patches: StreamingData[] = [];
    let call = this.#calls.get(event.key);
    if (call === undefined) call = this.#open(event, patches);
    if (call.ended || event.delta === '') return { patches, answer: '' };
    call.chars += event.delta.length;
    if (call.chars > TOOL_CALL_LIMITS.argumentChars) {
      throw limitError(call, `its arguments exceed ${TOOL_CALL_LIMITS.argumentChars} characters`);
    }
    if (call.output) return { patches, answer: event.delta };
    call.parser ??= this.#parser();
    for (const data of call.parser.push(event.delta)) pushRerooted(patches, data, call.position);
    return { patches, answer: '' };
  }

  /** Completes call `key` (the provider said it ended). */
  async end(key: number): Promise<StreamingData[]> {
    const call = this.#calls.get(key);
    return call === undefined ? [] : this.#end(call, 'observed_boundary');
  }

  /** Completes every call still open (the stream ended), in the order they opened. */
  async finish(): Promise<StreamingData[]> {
    const patches: StreamingData[] = [];
    for (const call of this.#calls.values()) pushEach(patches, await this.#end(call, 'final_reconciliation'));
    return patches;
  }

  /** The JSON stream parser of one call's arguments (the built-in json format, the response's depth limit). */
  #parser(): StreamParser {
    const json = resolveFormat('json', 'json', undefined, undefined, 'tool call arguments');
    return streamParserFor(json, { maxDepth: this.#maxDepth });
  }

  /** A fragment or an end, as `attempt-stream.ts` hands them over: the patches, and any answer text. */
  async take(event: ToolCallEvent | ToolCallEnd): Promise<{ patches: StreamingData[]; answer: string }> {
    return event.type === 'tool_call' ? this.push(event) : { patches: await this.end(event.key), answer: '' };
  }

  #open(event: ToolCallEvent, patches: StreamingData[]): OpenCall {
    const id = event.id ?? '';
    const name = event.name ?? '';
    const output = !this.#outputTaken && name !== '' && name === this.#outputTool;
    const call: OpenCall = {
      position: output ? -1 : this.#count,
      id,
      name,
      output,
      parser: undefined,
      chars: 0,
      ended: false,
    };
    if (id.length > TOOL_CALL_LIMITS.idChars)
      throw limitError(call, `its id exceeds ${TOOL_CALL_LIMITS.idChars} characters`);
    if (name.length > TOOL_CALL_LIMITS.nameChars) {
      throw limitError(call, `its name exceeds ${TOOL_CALL_LIMITS.nameChars} characters`);
    }
    if (output) this.#outputTaken = true;
    else {
      if (this.#count >= TOOL_CALL_LIMITS.calls)
        throw limitError(call, `more than ${TOOL_CALL_LIMITS.calls} tool calls`);
      this.#count++;
      const path = toolCallPath(call.position);
      patches.push(patch(path, call.position, '', {}, undefined));
      for (const [key, text] of [
        ['id', id],
        ['name', name],
      ] as const) {
        patches.push(patch(`${path}.${key}`, call.position, text, text, undefined));
        patches.push(patch(`${path}.${key}`, call.position, '', text, 'observed_boundary'));
      }
    }
    this.#calls.set(event.key, call);
    return call;
  }

  async #end(call: OpenCall, source: CompletionSource): Promise<StreamingData[]> {
    if (call.ended || call.output) {
      call.ended = true;
      return [];
    }
    call.ended = true;
    const patches: StreamingData[] = [];
    const parser = call.parser ?? this.#parser();
    await parser.prepare();
    for (const data of parser.finish()) pushRerooted(patches, data, call.position);
    let args: unknown;
    if (parser.final !== undefined) args = parser.final.value;
    else if (parser.text.trim() === '') {
      // A call without arguments (`""`, Anthropic's empty `partial_json`): no arguments is `{}`.
      args = {};
      patches.push(patch(`${toolCallPath(call.position)}.arguments`, call.position, '', args, 'final_reconciliation'));
    } else throw limitError(call, `its arguments are not JSON: ${parser.text.slice(0, 200)}`);
    const value = { id: call.id, name: call.name, arguments: args };
    patches.push(patch(toolCallPath(call.position), call.position, '', value, source));
    return patches;
  }
}

function limitError(call: OpenCall, reason: string): OutputParseError {
  const which = call.output ? 'the output tool call' : `tool call ${call.position}`;
  const rawText = (call.parser?.text ?? '').slice(0, 1000);
  return new OutputParseError('json', `${which}${call.name ? ` (${call.name.slice(0, 64)})` : ''}: ${reason}`, {
    rawText,
  });
}

function patch(
  path: string,
  position: number,
  delta: string,
  value: unknown,
  source: CompletionSource | undefined,
): StreamingData {
  const done = source !== undefined;
  const data: StreamingData = {
    path,
    wildcard_path: `${TOOLS_PATH}[*]${path.slice(toolCallPath(position).length)}`,
    indexes: [position],
    delta,
    value,
    is_complete: done,
    event_type: done ? 'done' : 'delta',
  };
  if (source !== undefined) data.completion_source = source;
  return data;
}

/** An arguments patch moved under `$tools[i].arguments` (the parser's own `$` channels are dropped). */
function pushRerooted(patches: StreamingData[], data: StreamingData, position: number): void {
  if (data.path.startsWith('$')) return;
  const join = (path: string): string => (path === '' || path.startsWith('[') ? path : `.${path}`);
  patches.push({
    ...data,
    path: `${toolCallPath(position)}.arguments${join(data.path)}`,
    wildcard_path: `${TOOLS_PATH}[*].arguments${join(data.wildcard_path)}`,
    indexes: [position, ...data.indexes],
  });
}
