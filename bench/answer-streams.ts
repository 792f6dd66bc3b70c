/** Reading resumable answers' SSE bodies and Redis's figures, for the resumable-answer benches. */

/** Reads an SSE body; calls `onMessage` for each `id:` message with the time it arrived. */
export async function drain(
  body: ReadableStream<Uint8Array>,
  onMessage: (id: string, at: number) => void,
  stopAfter = Infinity,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
      const id = /^id: (.*)$/m.exec(text.slice(0, end))?.[1];
      text = text.slice(end + 2);
      if (id === undefined) continue;
      onMessage(id, performance.now());
      if (++seen >= stopAfter) return void reader.cancel();
    }
  }
}

export const request = (id: string, token: string, last?: string) =>
  new Request('http://bench/api/answers', {
    headers: {
      'fieldstream-answer': id,
      'fieldstream-answer-token': token,
      ...(last ? { 'last-event-id': last } : {}),
    },
  });

export async function ticketOf(
  response: Response,
): Promise<{ ticket: { id: string; token: string }; body: ReadableStream<Uint8Array> }> {
  const [head, body] = (response.body as ReadableStream<Uint8Array>).tee();
  const reader = head.getReader();
  const { value } = await reader.read();
  void reader.cancel();
  const ticket = JSON.parse(/data: (.*)/.exec(new TextDecoder().decode(value))?.[1] ?? '{}');
  return { ticket, body };
}

/** One figure of Redis's `INFO <section>`, e.g. `used_memory` or `connected_clients`. */
export async function redisInfo(url: string, section: string, field: string): Promise<number> {
  const { createClient } = await import('redis');
  const client = createClient({ url });
  await client.connect();
  const info = String(await client.sendCommand(['INFO', section]));
  client.destroy();
  return Number(new RegExp(`${field}:(\\d+)`).exec(info)?.[1] ?? 0);
}
