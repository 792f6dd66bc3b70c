import type { ServerResponse } from 'node:http';
import { formatSSE } from '@fieldstream/core/testing';
import { PARALLEL_CALLS, TICKET_ANSWER, TOOLS_BASE_URL } from '../src/pages/tools/tool-scenario';
import type { ChatBackend } from './chat-backend';
import { readBody, sendJson } from './http-helpers';
import { sleep } from './sleep';

/** One call the built-in model makes: its id, name and arguments text. */
type Call = { id: string; name: string; arguments: string };

/** A dialect's writer: a call opens, a piece of its arguments, a call ends, the stream ends. */
type ToolWire = {
  open(index: number, call: Call): void;
  args(index: number, call: Call, delta: string): void;
  close(index: number, call: Call): void;
  end(calls: readonly Call[]): void;
  /** Chat Completions streams parallel calls interleaved; the others one after another. */
  interleaved: boolean;
};

const CHUNK = 6;
const DELAY_MS = 35;
const MODEL = 'fieldstream-builtin';

/**
 * The built-in model making tool calls, in the three wire dialects (`POST /api/tools/chat/completions`,
 * `/api/tools/responses`, `/api/tools/messages`): a request that forces a tool (`tool_choice`) gets
 * the ticket as that tool's arguments (output through a tool); any other gets two parallel calls,
 * search_tickets and file_ticket. The arguments stream in small paced pieces so the page shows
 * them being written.
 */
export function createToolCallEndpoints(): ChatBackend {
  return {
    async handle(req, res) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const dialect = path.startsWith(`${TOOLS_BASE_URL}/`) ? path.slice(TOOLS_BASE_URL.length + 1) : undefined;
      if (
        req.method !== 'POST' ||
        !(dialect === 'chat/completions' || dialect === 'responses' || dialect === 'messages')
      )
        return false;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        sendJson(res, 400, { error: { message: 'Invalid body', type: 'invalid_request_error' } });
        return true;
      }
      const forced = forcedTool(body.tool_choice);
      const calls: Call[] = forced
        ? [{ id: 'call_output_01', name: forced, arguments: TICKET_ANSWER }]
        : PARALLEL_CALLS;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.flushHeaders();
      const write = (event: string | undefined, data: unknown) => {
        if (!res.destroyed && !res.writableEnded) res.write(formatSSE([{ event, data: JSON.stringify(data) }]));
      };
      const wire =
        dialect === 'chat/completions'
          ? chatWire(write, res)
          : dialect === 'responses'
            ? responsesWire(write)
            : anthropicWire(write);
      await stream(wire, calls, res);
      res.end();
      return true;
    },
  };
}

async function stream(wire: ToolWire, calls: readonly Call[], res: ServerResponse): Promise<void> {
  const pieces = calls.map((call) => call.arguments.match(new RegExp(`[\\s\\S]{1,${CHUNK}}`, 'g')) ?? []);
  const order = wire.interleaved ? [calls.map((_, i) => i)] : calls.map((_, i) => [i]);
  for (const group of order) {
    for (const i of group) wire.open(i, calls[i] as Call);
    for (let step = 0; group.some((i) => step < (pieces[i]?.length ?? 0)); step++) {
      for (const i of group) {
        const piece = pieces[i]?.[step];
        if (piece === undefined) continue;
        await sleep(DELAY_MS);
        if (res.destroyed) return;
        wire.args(i, calls[i] as Call, piece);
      }
    }
    for (const i of group) wire.close(i, calls[i] as Call);
  }
  wire.end(calls);
}

/** The forced tool's name in any of the three dialects' `tool_choice`. */
function forcedTool(choice: unknown): string | undefined {
  const record = choice as { name?: unknown; function?: { name?: unknown } } | null | undefined;
  const name = record?.function?.name ?? record?.name;
  return typeof name === 'string' ? name : undefined;
}

type Write = (event: string | undefined, data: unknown) => void;

function chatWire(write: Write, res: ServerResponse): ToolWire {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    write(undefined, {
      id: 'chatcmpl-fs-tools',
      object: 'chat.completion.chunk',
      model: MODEL,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  return {
    interleaved: true,
    open: (index, call) =>
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
    args: (index, _call, delta) => chunk({ tool_calls: [{ index, function: { arguments: delta } }] }),
    close: () => {},
    end: () => {
      chunk({}, 'tool_calls');
      if (!res.destroyed) res.write('data: [DONE]\n\n');
    },
  };
}

function responsesWire(write: Write): ToolWire {
  const emit = (type: string, fields: Record<string, unknown>) => write(type, { type, ...fields });
  const response = { id: 'resp_fs_tools', object: 'response', model: MODEL };
  const item = (call: Call, status: string, args: string) => ({
    type: 'function_call',
    id: `fc_${call.id}`,
    call_id: call.id,
    name: call.name,
    arguments: args,
    status,
  });
  emit('response.created', { response: { ...response, status: 'in_progress', output: [] } });
  return {
    interleaved: false,
    open: (index, call) =>
      emit('response.output_item.added', { output_index: index, item: item(call, 'in_progress', '') }),
    args: (index, call, delta) =>
      emit('response.function_call_arguments.delta', { output_index: index, item_id: `fc_${call.id}`, delta }),
    close: (index, call) => {
      emit('response.function_call_arguments.done', {
        output_index: index,
        item_id: `fc_${call.id}`,
        arguments: call.arguments,
      });
      emit('response.output_item.done', { output_index: index, item: item(call, 'completed', call.arguments) });
    },
    end: (calls) =>
      emit('response.completed', {
        response: {
          ...response,
          status: 'completed',
          output: calls.map((call) => item(call, 'completed', call.arguments)),
        },
      }),
  };
}

function anthropicWire(write: Write): ToolWire {
  const emit = (type: string, fields: Record<string, unknown>) => write(type, { type, ...fields });
  emit('message_start', {
    message: {
      id: 'msg_fs_tools',
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [],
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  });
  return {
    interleaved: false,
    open: (index, call) =>
      emit('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
      }),
    args: (index, _call, delta) =>
      emit('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: delta } }),
    close: (index) => emit('content_block_stop', { index }),
    end: () => {
      emit('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 1 } });
      emit('message_stop', {});
    },
  };
}
