import type { IncomingMessage, ServerResponse } from 'node:http';

/** The largest request body the playground server reads. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a request body as UTF-8, refusing bodies over {@link MAX_BODY_BYTES}. */
export async function readBody(req: IncomingMessage): Promise<string> {
  // Runtime-neutral (no Buffer): the in-page backend hands Uint8Array chunks.
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Uint8Array).length;
    if (size > MAX_BODY_BYTES) throw new Error(`body larger than ${MAX_BODY_BYTES} bytes`);
    text += decoder.decode(chunk as Uint8Array, { stream: true });
  }
  return text + decoder.decode();
}

export function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(payload));
}

/** `value` when it is a finite number ≥ `min`, else `fallback`. */
export function finiteOr(value: unknown, fallback: number, min: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min ? value : fallback;
}
