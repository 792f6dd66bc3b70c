import type { IncomingMessage, ServerResponse } from 'node:http';
import { createModelProxy, toNodeHandler } from '@fieldstream/server';

/** A real OpenAI-compatible endpoint, read from the server's environment only. */
export type ProxyConfig = { baseURL: string; apiKey: string; model: string };

/** `OPENAI_BASE_URL` + `OPENAI_API_KEY` (+ optional `OPENAI_MODEL`), or `undefined` when unset. */
export function readProxyConfig(env: NodeJS.ProcessEnv): ProxyConfig | undefined {
  const baseURL = env.OPENAI_BASE_URL?.trim();
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!baseURL || !apiKey) return undefined;
  return { baseURL: baseURL.replace(/\/+$/, ''), apiKey, model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini' };
}

/** The real model behind the live toggle: its name, and `forward` for one already-parsed chat body. */
export type LiveProxy = {
  model: string;
  forward(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>): Promise<void>;
};

/**
 * The live toggle's proxy: `@fieldstream/server`'s `createModelProxy` with its safe defaults
 * (same-origin only, JSON only, n = 1, capped max_tokens, no tools, rate limit, key scrubbed).
 */
export function createLiveProxy(config: ProxyConfig): LiveProxy {
  const handle = toNodeHandler(
    createModelProxy({ upstream: { baseURL: config.baseURL, apiKey: config.apiKey, model: config.model } }),
  );
  return {
    model: config.model,
    forward(req, res, body) {
      // The body was read already; the adapter uses a parsed `req.body` as Express's would be.
      Object.assign(req, { body });
      return handle(req, res);
    },
  };
}
