import { createModelProxy, type ModelProxyOptions } from '@fieldstream/server';
import { sseChunk, startUpstream } from './local-servers';

/** A tool a proxy's `allowTools` pins in the body tests. */
export const searchTool = {
  name: 'search_tickets',
  description: 'Search the ticket tracker',
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};

/** The `allowTools` of the body tests: search_tickets, and an output tool. */
export const pinnedTools = [searchTool, { name: 'output', parameters: { type: 'object' } }];

/**
 * What the proxy answered to one body (an error's JSON; a 200's stream is read and left out), how
 * many requests it sent the upstream for it, and the body the upstream got from the first of them.
 */
export type BodyAnswer = {
  status: number;
  json: unknown;
  upstreamCalls: number;
  forwarded: Record<string, unknown> | undefined;
};

/**
 * A proxy as a bare Fetch handler (no rate limit) in front of a local fake upstream that answers
 * every request with a short SSE stream. `send` posts a raw JSON text as `application/json`.
 */
export async function startBodyProxy(
  options: Partial<ModelProxyOptions> = {},
): Promise<{ send: (text: string) => Promise<BodyAnswer>; close: () => Promise<void> }> {
  const upstream = await startUpstream((_body, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`${sseChunk('Hello')}data: [DONE]\n\n`);
  });
  const handler = createModelProxy({
    upstream: { baseURL: upstream.url, apiKey: 'sk-test-0123456789abcdefSECRET' },
    rateLimit: false,
    ...options,
  });
  const send = async (text: string): Promise<BodyAnswer> => {
    const before = upstream.requests.length;
    const response = await handler(
      new Request('http://localhost/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      }),
    );
    const json = response.status === 200 ? void (await response.text()) : await response.json();
    const forwarded = upstream.requests[before]?.body;
    return { status: response.status, json, upstreamCalls: upstream.requests.length - before, forwarded };
  };
  return { send, close: upstream.close };
}
