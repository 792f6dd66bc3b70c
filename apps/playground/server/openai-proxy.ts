import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { SCENARIO_BODY_FIELD } from '../src/api/scenario-options';

/** A real OpenAI-compatible endpoint, read from the server's environment only. */
export type ProxyConfig = { baseURL: string; apiKey: string; model: string };

/** `OPENAI_BASE_URL` + `OPENAI_API_KEY` (+ optional `OPENAI_MODEL`), or `undefined` when unset. */
export function readProxyConfig(env: NodeJS.ProcessEnv): ProxyConfig | undefined {
  const baseURL = env.OPENAI_BASE_URL?.trim();
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!baseURL || !apiKey) return undefined;
  return { baseURL: baseURL.replace(/\/+$/, ''), apiKey, model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini' };
}

/**
 * Forwards a chat request to the real endpoint and streams its answer back unchanged. The key is
 * added here, on the server; it is never sent to the browser.
 */
export async function proxyChatCompletion(
  config: ProxyConfig,
  body: Record<string, unknown>,
  res: ServerResponse,
  signal: AbortSignal,
): Promise<void> {
  const { [SCENARIO_BODY_FIELD]: _playgroundOptions, ...forwarded } = body;
  let upstream: Response;
  try {
    upstream = await fetch(`${config.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({ ...forwarded, model: config.model, stream: true }),
      signal,
    });
  } catch (error) {
    if (signal.aborted) return;
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ error: { message: `Upstream unreachable: ${(error as Error).message}`, type: 'proxy_error' } }),
    );
    return;
  }
  res.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
  });
  res.flushHeaders();
  if (upstream.body === null) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(upstream.body as NodeReadableStream<Uint8Array>), res);
  } catch (error) {
    if (!signal.aborted) res.destroy(error as Error);
  }
}
