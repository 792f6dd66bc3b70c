import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type FormatName,
  type FormatOption,
  type ModelMessage,
  type ModelRequest,
  ProviderError,
  TransportError,
} from '@fieldstream/core';
import {
  ATTEMPT_HEADER,
  FORMAT_OPTIONS,
  SCENARIO_BODY_FIELD,
  SCENARIO_HEADER,
  type ScenarioOptions,
  type ServerConfig,
} from '../src/api/scenario-options';
import { FAULT_NAMES, type FaultName, planAnswer, presetById } from '../src/presets/index';
import { abortOnClose } from './abort-on-close';
import { finiteOr, readBody, sendJson } from './http-helpers';
import type { LiveProxy } from './openai-proxy';
import { pacedModelStream, SCRIPTED_PROVIDER_ERROR } from './paced-model-stream';
import { RequestLog } from './request-log';
import { sleep } from './sleep';
import { ChatSseWriter } from './sse-writer';

/** The playground's API: the built-in model and what tests ask about it. */
export type ChatBackend = {
  /** Handles `/api/*` requests; returns false for anything else. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
};

/** How long a dropped connection stays open after its last token. */
const DROP_GRACE_MS = 150;
const SCRIPTED_MODEL_NAME = 'fieldstream-scripted';

/**
 * Creates the backend: `POST /api/chat/completions` (OpenAI-compatible SSE), `GET /api/stats`
 * (requests per scenario) and `GET /api/config` (whether a real endpoint can be proxied: only when
 * the server passes `live`, see `node-backend.ts`).
 */
export function createChatBackend(live?: LiveProxy): ChatBackend {
  const log = new RequestLog();
  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/api/chat/completions' && req.method === 'POST') {
        await serveChat(req, res, log, live);
        return true;
      }
      if (url.pathname === '/api/stats' && req.method === 'GET') {
        sendJson(res, 200, log.stats(url.searchParams.get('scenario') ?? ''));
        return true;
      }
      if (url.pathname === '/api/config' && req.method === 'GET') {
        const config: ServerConfig = { liveAvailable: live !== undefined, liveModel: live?.model };
        sendJson(res, 200, config);
        return true;
      }
      if (url.pathname.startsWith('/api/')) {
        sendJson(res, 404, { error: { message: `No route ${req.method} ${url.pathname}`, type: 'not_found' } });
        return true;
      }
      return false;
    },
  };
}

async function serveChat(
  req: IncomingMessage,
  res: ServerResponse,
  log: RequestLog,
  live: LiveProxy | undefined,
): Promise<void> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await readBody(req)) as Record<string, unknown>;
  } catch (error) {
    sendJson(res, 400, {
      error: { message: `Invalid JSON body: ${(error as Error).message}`, type: 'invalid_request_error' },
    });
    return;
  }
  const options = scenarioOptions(req, body);
  const preset = presetById(options.preset);
  const record = log.start(options.scenario, {
    preset: preset.id,
    format: options.format,
    authorization: req.headers.authorization !== undefined,
  });
  const explicitAttempt = Number(req.headers[ATTEMPT_HEADER]);
  const attempt = Number.isInteger(explicitAttempt) && explicitAttempt >= 0 ? explicitAttempt : record.attempt;
  record.attempt = attempt;

  if (attempt === 0 && options.faults.includes('rate_limited')) {
    record.outcome = 'rate_limited';
    record.endedAt = Date.now();
    res.setHeader('retry-after', '1');
    sendJson(res, 429, { error: { message: 'Rate limit reached: retry after 1 s', type: 'rate_limit_exceeded' } });
    return;
  }

  const connection = abortOnClose(res, record);

  if (options.live === true && live !== undefined) {
    record.outcome = 'proxied';
    const { [SCENARIO_BODY_FIELD]: _playgroundOptions, ...forwarded } = body;
    await live.forward(req, res, forwarded);
    return;
  }

  const plan = planAnswer({
    preset,
    format: options.format,
    attempt,
    faults: options.faults,
    slowFirstTokenMs: options.slowFirstTokenMs,
  });
  record.format = plan.format;
  const writer = new ChatSseWriter(res, SCRIPTED_MODEL_NAME);
  writer.open();
  const request = modelRequest(body, plan.format, attempt);
  try {
    for await (const event of pacedModelStream(plan, request, {
      charsPerSecond: options.charsPerSecond,
      chunkSize: options.chunkSize,
      signal: connection.signal,
    })) {
      if (writer.closed) break;
      if (event.type === 'reasoning') writer.reasoning(event.delta);
      else if (event.type === 'text') {
        writer.content(event.delta);
        record.charsSent += event.delta.length;
      }
    }
  } catch (error) {
    if (connection.signal.aborted || writer.closed) return;
    if (error instanceof TransportError) {
      record.outcome = 'dropped';
      // Let what was written reach the client first (a real drop loses the rest, not what was
      // already delivered): flush, give the client a moment to read, then kill the socket.
      await socketDrained(res);
      await sleep(DROP_GRACE_MS);
      res.socket?.destroy();
      return;
    }
    if (error instanceof ProviderError) {
      record.outcome = 'provider_error';
      writer.error(SCRIPTED_PROVIDER_ERROR.message, error.providerCode);
      return;
    }
    record.outcome = 'failed';
    writer.error(`The built-in model failed: ${String(error)}`, 'internal');
    return;
  }
  if (connection.signal.aborted || writer.closed) return;
  record.outcome = 'completed';
  writer.finish({ prompt_tokens: Math.ceil(request.prompt.length / 4), completion_tokens: Math.ceil(plan.stopAt / 4) });
}

/** The chat request as core's `ModelRequest` (what `scriptedModel` is called with). */
function modelRequest(body: Record<string, unknown>, format: FormatName, attempt: number): ModelRequest {
  const messages = (Array.isArray(body.messages) ? body.messages : []).filter(
    (message): message is ModelMessage =>
      typeof (message as ModelMessage)?.content === 'string' &&
      ['system', 'user', 'assistant'].includes((message as ModelMessage).role),
  );
  const prompt = messages.map((message) => message.content).join('\n\n');
  return { prompt, messages, format, attempt, settings: {} };
}

/** Options from the body field, else the header; defaults for a plain OpenAI client. */
function scenarioOptions(req: IncomingMessage, body: Record<string, unknown>): ScenarioOptions {
  let raw: unknown = body[SCENARIO_BODY_FIELD];
  const header = req.headers[SCENARIO_HEADER];
  if (raw === undefined && typeof header === 'string') {
    try {
      raw = JSON.parse(header);
    } catch {
      raw = undefined;
    }
  }
  const given = (raw !== null && typeof raw === 'object' ? raw : {}) as Partial<ScenarioOptions>;
  const faults = Array.isArray(given.faults)
    ? given.faults.filter((fault): fault is FaultName => FAULT_NAMES.includes(fault as FaultName))
    : [];
  return {
    preset: typeof given.preset === 'string' ? given.preset : 'incident',
    format: FORMAT_OPTIONS.includes(given.format as FormatOption)
      ? (given.format as FormatOption)
      : presetById(given.preset).format,
    scenario: typeof given.scenario === 'string' && given.scenario !== '' ? given.scenario : 'anonymous',
    charsPerSecond: finiteOr(given.charsPerSecond, 400, 0),
    chunkSize: Math.max(1, Math.floor(finiteOr(given.chunkSize, 8, 1))),
    faults,
    slowFirstTokenMs: finiteOr(given.slowFirstTokenMs, 1500, 0),
    live: given.live === true,
  };
}

/** Resolves once everything written so far is handed to the kernel (write callbacks run in order). */
async function socketDrained(res: ServerResponse): Promise<void> {
  await new Promise<void>((resolve) => {
    // An SSE comment line: ignored by every client, and its callback fires after the content before it.
    res.write(': connection dropped by fault switch\n\n', () => resolve());
  });
}
