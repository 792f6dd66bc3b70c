import './register-formats';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FormatOption, type ModelRequest, ProviderError, TransportError } from '@fieldstream/core';
import { formatSSE } from '@fieldstream/core/testing';
import { ATTEMPT_HEADER, FORMAT_OPTIONS, SCENARIO_BODY_FIELD } from '../src/api/scenario-options';
import {
  type PlaygroundProvider,
  PROVIDER_ROUTES,
  PROVIDER_STATS_ROUTE,
  scriptedUsage,
} from '../src/pages/providers/provider-routes';
import {
  type AnswerPlan,
  FAULT_NAMES,
  type FaultName,
  type Preset,
  planAnswer,
  presetById,
} from '../src/presets/index';
import { abortOnClose } from './abort-on-close';
import { type ChatBackend, createChatBackend } from './chat-backend';
import { finiteOr, readBody, sendJson } from './http-helpers';
import type { LiveProxy } from './openai-proxy';
import { pacedModelStream, SCRIPTED_PROVIDER_ERROR } from './paced-model-stream';
import { createPatchStreamEndpoint } from './patch-stream-endpoint';
import { agentlyWire } from './provider-agently-wire';
import {
  anthropicWire,
  responsesWire,
  textWire,
  thinkingChannel,
  type Wire,
  type WireOutput,
  type WireUsage,
} from './provider-wires';
import { RequestLog } from './request-log';
import { createResumableEndpoint, type SharedAnswerLog } from './resumable-endpoint';
import { sleep } from './sleep';
import { createToolCallEndpoints } from './tool-call-endpoints';

/** The providers served here, in their own wire shapes (`openAIChat` is the chat backend's). */
type WireProvider = Exclude<PlaygroundProvider, 'openAIChat'>;

const WIRE_ROUTES = new Map<string, WireProvider>(
  (['openAIResponses', 'anthropicMessages', 'agentlyInstant', 'textStream'] as const).map((name) => [
    PROVIDER_ROUTES[name],
    name,
  ]),
);
/** How long a dropped connection stays open after its last token (as the chat endpoint does). */
const DROP_GRACE_MS = 150;

/** What only a server has: the real model behind the live toggle, and a log shared beyond this process. */
export type ServerParts = { live?: LiveProxy; answerLog?: SharedAnswerLog };

/**
 * The playground's whole API: these provider endpoints first, then the chat backend. It runs on the
 * server and inside the page alike, so it imports nothing server-only: the server hands in its
 * parts (`node-backend.ts`), the page passes none.
 */
export function createPlaygroundBackend({ live, answerLog }: ServerParts = {}): ChatBackend {
  const chat = createChatBackend(live);
  const providers = createProviderEndpoints();
  const patchStream = createPatchStreamEndpoint();
  const tools = createToolCallEndpoints();
  const resumable = createResumableEndpoint(answerLog);
  return {
    async handle(req, res) {
      return (
        (await patchStream.handle(req, res)) ||
        (await tools.handle(req, res)) ||
        (await resumable.handle(req, res)) ||
        (await providers.handle(req, res)) ||
        chat.handle(req, res)
      );
    },
  };
}

/**
 * The built-in model in each provider's recorded wire shape, backed by the chat endpoint's presets,
 * answer plans, pacing and faults: `POST /api/responses` (OpenAI Responses events),
 * `POST /api/anthropic/messages` (Anthropic Messages events), `POST /api/agently/instant` (Agently
 * instant events, parsed here by core's stream parser) and `POST /api/text` (raw text), plus
 * `GET /api/providers/stats?scenario=…`. Scenario options come in the body's `fieldstream` field.
 */
export function createProviderEndpoints(): ChatBackend {
  const log = new RequestLog();
  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === PROVIDER_STATS_ROUTE && req.method === 'GET') {
        sendJson(res, 200, log.stats(url.searchParams.get('scenario') ?? ''));
        return true;
      }
      const provider = WIRE_ROUTES.get(url.pathname);
      if (provider === undefined || req.method !== 'POST') return false;
      await serveProvider(provider, req, res, log);
      return true;
    },
  };
}

async function serveProvider(
  provider: WireProvider,
  req: IncomingMessage,
  res: ServerResponse,
  log: RequestLog,
): Promise<void> {
  let body: Record<string, unknown>;
  try {
    body = asRecord(JSON.parse(await readBody(req)));
  } catch (error) {
    sendJson(res, 400, {
      error: { message: `Invalid body: ${(error as Error).message}`, type: 'invalid_request_error' },
    });
    return;
  }
  const options = scenarioOf(body);
  const record = log.start(options.scenario, {
    preset: options.preset.id,
    format: options.format,
    authorization: req.headers.authorization !== undefined || req.headers['x-api-key'] !== undefined,
  });
  const attempt = attemptOf(req, body) ?? record.attempt;
  record.attempt = attempt;
  const connection = abortOnClose(res, record);

  const plan = planAnswer({ ...options, attempt });
  record.format = plan.format;
  const prompt = promptOf(body);
  const request: ModelRequest = { prompt, messages: [], format: plan.format, attempt, settings: {} };
  const usage = (answerChars: number): WireUsage => scriptedUsage(prompt.length, answerChars);
  const wire = openWire(provider, res, plan, options.preset, usage(0).input);
  try {
    const pacing = { charsPerSecond: options.charsPerSecond, chunkSize: options.chunkSize, signal: connection.signal };
    for await (const event of pacedModelStream(plan, request, pacing)) {
      if (isClosed(res)) break;
      if (event.type === 'reasoning') wire.reasoning(event.delta);
      else if (event.type === 'text') {
        wire.text(event.delta);
        record.charsSent += event.delta.length;
      }
    }
  } catch (error) {
    if (connection.signal.aborted || isClosed(res)) return;
    if (error instanceof TransportError || (error instanceof ProviderError && wire.fail === undefined)) {
      // A raw text stream has no error channel: a provider error can only cut it, like a drop.
      record.outcome = 'dropped';
      await dropConnection(res);
      return;
    }
    record.outcome = error instanceof ProviderError ? 'provider_error' : 'failed';
    const message = error instanceof ProviderError ? SCRIPTED_PROVIDER_ERROR.message : `failed: ${String(error)}`;
    wire.fail?.(error instanceof ProviderError ? SCRIPTED_PROVIDER_ERROR.code : 'internal', message);
    return;
  }
  if (connection.signal.aborted || isClosed(res)) return;
  record.outcome = 'completed';
  wire.finish(usage(plan.stopAt));
}

function openWire(
  provider: WireProvider,
  res: ServerResponse,
  plan: AnswerPlan,
  preset: Preset,
  promptTokens: number,
): Wire {
  open(res, provider === 'textStream' ? 'text/plain; charset=utf-8' : 'text/event-stream; charset=utf-8');
  const out: WireOutput = {
    event: (event, data) => {
      if (!isClosed(res)) res.write(formatSSE([{ event, data }]));
    },
    raw: (text) => {
      if (!isClosed(res)) res.write(text);
    },
    end: () => res.end(),
  };
  if (provider === 'textStream') return textWire(out);
  // These APIs stream thinking on its own channel: a leading <think> block moves there.
  if (provider === 'openAIResponses') return thinkingChannel(responsesWire(out));
  if (provider === 'anthropicMessages') return thinkingChannel(anthropicWire(out, promptTokens));
  return agentlyWire(out, plan, preset);
}

type ProviderScenario = {
  preset: Preset;
  format: FormatOption;
  faults: FaultName[];
  scenario: string;
  charsPerSecond: number;
  chunkSize: number;
  slowFirstTokenMs: number;
};

/** The playground's scenario options from the body's `fieldstream` field, with the chat endpoint's defaults. */
function scenarioOf(body: Record<string, unknown>): ProviderScenario {
  const given = asRecord(body[SCENARIO_BODY_FIELD]);
  const preset = presetById(typeof given.preset === 'string' ? given.preset : undefined);
  return {
    preset,
    format: FORMAT_OPTIONS.includes(given.format as FormatOption) ? (given.format as FormatOption) : preset.format,
    faults: (Array.isArray(given.faults) ? given.faults : []).filter((fault): fault is FaultName =>
      FAULT_NAMES.includes(fault as FaultName),
    ),
    scenario: typeof given.scenario === 'string' && given.scenario !== '' ? given.scenario : 'anonymous',
    charsPerSecond: finiteOr(given.charsPerSecond, 400, 0),
    chunkSize: Math.max(1, Math.floor(finiteOr(given.chunkSize, 8, 1))),
    slowFirstTokenMs: finiteOr(given.slowFirstTokenMs, 1500, 0),
  };
}

/** The attempt from the attempt header, else the body's `attempt` (Agently's default body has one). */
function attemptOf(req: IncomingMessage, body: Record<string, unknown>): number | undefined {
  const header = req.headers[ATTEMPT_HEADER];
  const attempt = typeof header === 'string' ? Number(header) : body.attempt;
  return typeof attempt === 'number' && Number.isInteger(attempt) && attempt >= 0 ? attempt : undefined;
}

/** The prompt the request carries: `system` plus the `messages` / `input` contents, else `prompt`. */
function promptOf(body: Record<string, unknown>): string {
  const parts: string[] = typeof body.system === 'string' ? [body.system] : [];
  const list = Array.isArray(body.messages) ? body.messages : Array.isArray(body.input) ? body.input : undefined;
  for (const message of list ?? []) {
    const content = asRecord(message).content;
    if (typeof content === 'string') parts.push(content);
  }
  if (list === undefined) for (const text of [body.input, body.prompt]) if (typeof text === 'string') parts.push(text);
  return parts.join('\n\n');
}

function open(res: ServerResponse, contentType: string): void {
  res.writeHead(200, {
    'content-type': contentType,
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  res.flushHeaders();
}

function isClosed(res: ServerResponse): boolean {
  return res.destroyed || res.writableEnded;
}

/** Lets what was written reach the client first (a real drop loses the rest only), then kills the socket. */
async function dropConnection(res: ServerResponse): Promise<void> {
  if (res.writableNeedDrain) await new Promise((resolve) => res.once('drain', resolve));
  await sleep(DROP_GRACE_MS);
  res.socket?.destroy();
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
