import { describe, expect, it } from 'vitest';
import { fromPatchStream } from '../../src/patch-stream/from-patch-stream';
import type { ResponseEvent } from '../../src/response/response-events';
import { createFieldStore } from '../../src/store/field-store';

const answer = 'event: answer\ndata: {"id":"a1","token":"t1"}\n\n';
const msg = (id: number, events: unknown[]) => `id: ${id}\ndata: ${JSON.stringify(events)}\n\n`;
const opening = [
  { k: 'a', n: 0, f: 'json' },
  { k: 's', s: 'streaming' },
  { p: 'title', d: 'Fi' },
];
const rest = [{ d: 'x' }, { e: 1 }, { k: 'f', v: { title: 'Fix' } }, { k: 's', s: 'done' }];

/** A fake server: each call answers with the next scripted reply; `drop` ends the body without its end marker. */
function scripted(replies: (() => Response)[]) {
  const requests: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)];
    return reply ? reply() : new Response('gone', { status: 410 });
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}
const sse =
  (text: string, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(text, { status, headers: { 'content-type': 'text/event-stream', ...headers } });
const end = 'event: end\ndata: {}\n\n';

function events(response: ReturnType<typeof fromPatchStream>) {
  const seen: ResponseEvent[] = [];
  response.subscribe((event) => seen.push(event));
  return seen;
}

describe('fromPatchStream reconnects to a resumable answer', () => {
  it('resumes after the last message it got, with the ticket and Last-Event-ID, and shows the gap', async () => {
    const server = scripted([
      sse(answer + msg(1, opening)),
      sse(`event: answer\ndata: {"id":"a1"}\n\n${msg(2, rest)}${end}`),
    ]);
    const response = fromPatchStream({
      url: 'http://x/start',
      init: { method: 'POST', body: '{}' },
      fetch: server.fetch,
      resume: { delayMs: () => 0 },
    });
    const store = createFieldStore(response);
    const gaps: unknown[] = [];
    store.subscribe((state) => gaps.push(state.reconnecting));
    const seen = events(response);
    expect(await response.getData()).toEqual({ title: 'Fix' });
    const resume = server.requests[1];
    expect([resume?.method, resume?.url]).toEqual(['GET', 'http://x/start']);
    expect(
      Object.fromEntries(
        ['fieldstream-answer', 'fieldstream-answer-token', 'last-event-id'].map((h) => [h, resume?.headers.get(h)]),
      ),
    ).toEqual({
      'fieldstream-answer': 'a1',
      'fieldstream-answer-token': 't1',
      'last-event-id': '1',
    });
    expect(seen.filter((e) => e.type === 'connection')).toEqual([
      { type: 'connection', attempt: 0, state: 'reconnecting', retry: 1, delayMs: 0, lastEventId: '1' },
      { type: 'connection', attempt: 0, state: 'open', retry: 1, delayMs: 0 },
    ]);
    expect(gaps).toContainEqual({ retry: 1, delayMs: 0 });
    expect(store.getState()).toMatchObject({ status: 'done', reconnecting: undefined, data: { title: 'Fix' } });
  });

  it("waits out the server's Retry-After when it is longer than the backoff", async () => {
    const server = scripted([
      sse(answer + msg(1, opening)),
      sse('busy', 503, { 'retry-after': '1' }),
      sse(`${answer}${msg(2, rest)}${end}`),
    ]);
    const response = fromPatchStream({ url: 'http://x/a', fetch: server.fetch, resume: { delayMs: () => 10 } });
    const seen = events(response);
    expect(await response.getData()).toEqual({ title: 'Fix' });
    expect(
      seen
        .filter((e) => e.type === 'connection' && e.state === 'reconnecting')
        .map((e) => e.type === 'connection' && e.delayMs),
    ).toEqual([10, 1000]);
  });

  it('gives up after `attempts` reconnections that deliver nothing, with the last TransportError', async () => {
    const server = scripted([sse(answer + msg(1, opening)), sse('down', 502)]);
    const response = fromPatchStream({
      url: 'http://x/a',
      fetch: server.fetch,
      resume: { attempts: 2, delayMs: () => 0 },
    });
    await expect(response.getData()).rejects.toMatchObject({ name: 'TransportError', status: 502 });
    expect(server.requests).toHaveLength(3);
  });

  it('fails at once on an answer the server does not know (404), and never reconnects a plain patch stream', async () => {
    const gone = scripted([sse(answer + msg(1, opening)), sse('{}', 404)]);
    const first = fromPatchStream({ url: 'http://x/a', fetch: gone.fetch, resume: { delayMs: () => 0 } });
    await expect(first.getData()).rejects.toMatchObject({ status: 404 });
    expect(gone.requests).toHaveLength(2);
    const plain = scripted([sse(msg(1, opening))]);
    const second = fromPatchStream({ url: 'http://x/a', fetch: plain.fetch });
    await expect(second.getData()).rejects.toMatchObject({ code: 'TRANSPORT_FAILED' });
    expect(plain.requests).toHaveLength(1);
  });

  it('an abort while waiting to reconnect ends the response at once, with no further request', async () => {
    const server = scripted([sse(answer + msg(1, opening))]);
    const response = fromPatchStream({ url: 'http://x/a', fetch: server.fetch, resume: { delayMs: () => 60_000 } });
    const seen = events(response);
    response.start();
    while (!seen.some((e) => e.type === 'connection')) await new Promise((resolve) => setTimeout(resolve, 1));
    response.abort('leaving');
    await expect(response.getData()).rejects.toMatchObject({ name: 'AbortError', message: 'leaving' });
    expect(server.requests).toHaveLength(1);
  });

  it('attaches by ticket with GET and no body, replaying from the start', async () => {
    const server = scripted([sse(answer.replace(',"token":"t1"', '') + msg(1, opening) + msg(2, rest) + end)]);
    const response = fromPatchStream({
      url: 'http://x/a',
      init: { method: 'POST', body: '{"q":1}', headers: { 'content-type': 'application/json', 'x-app': '1' } },
      fetch: server.fetch,
      answer: { id: 'a1', token: 't1' },
    });
    expect(await response.getData()).toEqual({ title: 'Fix' });
    const request = server.requests[0];
    expect([
      request?.method,
      request?.headers.get('last-event-id'),
      request?.headers.get('content-type'),
      request?.headers.get('x-app'),
    ]).toEqual(['GET', null, null, '1']);
  });
});
