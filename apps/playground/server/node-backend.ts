import { createRedisAnswerLog } from '@fieldstream/server';
import type { ChatBackend } from './chat-backend';
import { createLiveProxy, readProxyConfig } from './openai-proxy';
import { createPlaygroundBackend } from './provider-endpoints';

/**
 * The playground backend as the Vite server runs it: the environment picks the server-only parts,
 * the live proxy (`OPENAI_BASE_URL` + `OPENAI_API_KEY`) and the Redis answer log (`REDIS_URL`).
 * Only the Vite plugin imports this module; the page's in-page API imports `provider-endpoints.ts`,
 * so the Redis client never reaches the browser bundle.
 */
export function createNodePlaygroundBackend(env: NodeJS.ProcessEnv = process.env): ChatBackend {
  const proxy = readProxyConfig(env);
  return createPlaygroundBackend({
    live: proxy && createLiveProxy(proxy),
    answerLog: env.REDIS_URL ? { name: 'redis', log: createRedisAnswerLog({ url: env.REDIS_URL }) } : undefined,
  });
}
