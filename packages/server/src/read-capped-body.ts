/** A request body read within its limits, or why it was not. */
export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'timeout' | 'unreadable' };

/**
 * Reads a request body as text. Stops (cancelling the rest) once it passes `maxBytes`, or when the
 * whole body has not arrived within `timeoutMs` (a client dripping its body holds nothing longer);
 * a body that fails to arrive (the client left mid-body) is `unreadable`.
 */
export async function readCappedBody(request: Request, maxBytes: number, timeoutMs: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: 'too_large' };
  if (request.body === null) return { ok: true, text: '' };
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const stop = (reason: 'too_large' | 'timeout'): BodyRead => {
    void reader.cancel().catch(() => undefined);
    return { ok: false, reason };
  };
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'timeout') return stop('timeout');
      if (next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) return stop('too_large');
      chunks.push(next.value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(body) };
}
