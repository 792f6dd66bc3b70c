import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake upstream saw: one entry per request. */
export type UpstreamRequest = { headers: IncomingMessage['headers']; body: Record<string, unknown>; closed: boolean };

/** A real local HTTP server; `reply` decides each answer. */
export async function startUpstream(
  reply: (body: Record<string, unknown>, res: ServerResponse, seen: UpstreamRequest) => void | Promise<void>,
): Promise<{ url: string; requests: UpstreamRequest[]; close: () => Promise<void> }> {
  const requests: UpstreamRequest[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const seen: UpstreamRequest = { headers: req.headers, body: JSON.parse(raw || '{}'), closed: false };
    requests.push(seen);
    res.on('close', () => {
      seen.closed = !res.writableFinished;
    });
    await reply(seen.body, res, seen);
  });
  const url = await listen(server);
  return { url, requests, close: () => close(server) };
}

/** Serves a Node handler on a real local port. */
export async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(handler);
  const url = await listen(server);
  return { url, close: () => close(server) };
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
}

/** An OpenAI-style SSE chunk carrying `content`. */
export function sseChunk(content: string): string {
  return `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
}

/** Resolves when `condition` holds, checking on every macrotask. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
