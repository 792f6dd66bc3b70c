import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPatchStream } from '../../src/patch-stream/from-patch-stream';
import { isLaterId } from '../../src/patch-stream/resume-options';
import type { ResponseEvent } from '../../src/response/response-events';
import { createFieldStore } from '../../src/store/field-store';

// The reader enforces the resumable protocol itself (issue 45): whatever a server (or a custom
// AnswerLog, or a proxy that drops `Last-Event-ID`) replays, each message is applied once and the
// reconnection bound holds; an abort reaches the server however the stream was opened.

const answer = (fields: Record<string, unknown>) => `event: answer\ndata: ${JSON.stringify(fields)}\n\n`;
const msg = (id: string, events: unknown[]) => `id: ${id}\ndata: ${JSON.stringify(events)}\n\n`;
const end = 'event: end\ndata: {}\n\n';
const first = msg('1', [
  { k: 'a', n: 0, f: 'json' },
  { k: 's', s: 'streaming' },
  { p: 'title', d: 'hel' },
]);
const second = msg('2', [{ d: 'lo' }]);
const last = msg('3', [{ e: 1 }, { k: 'f', v: { title: 'hello' } }, { k: 's', s: 'done' }]);

/** A fake server: reply `i` to request `i` (the last one again after the list); every request is kept. */
function server(replies: ((request: Request) => string)[]) {
  const requests: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    if (request.method === 'DELETE') return new Response(null, { status: 202 });
    const reply = replies[Math.min(requests.filter((r) => r.method !== 'DELETE').length - 1, replies.length - 1)];
    return new Response(reply?.(request) ?? '', { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}

afterEach(() => vi.restoreAllMocks());

/**
 * Starts `response`, waits until `count` of its events pass `pick` (what `pick` returns is kept),
 * then aborts it: the response ends as aborted. Returns what was kept.
 */
async function abortAfter<T>(
  response: ReturnType<typeof fromPatchStream>,
  count: number,
  pick: (event: ResponseEvent) => T | undefined,
): Promise<T[]> {
  const kept: T[] = [];
  response.subscribe((event) => {
    const value = pick(event);
    if (value !== undefined) kept.push(value);
  });
  response.start();
  while (kept.length < count) await new Promise((resolve) => setTimeout(resolve, 1));
  response.abort('stop');
  await expect(response.getData()).rejects.toMatchObject({ name: 'AbortError' });
  return kept;
}

describe('fromPatchStream holds the resumable protocol against the server', () => {
  it('a server that replays from the start on every reconnect: each message is applied once', async () => {
    const ticket = answer({ id: 'a1', token: 't1' });
    const { fetch, requests } = server([
      () => ticket + first,
      () => ticket + first + second, // Last-Event-ID ignored: 1 again, then 2
      () => ticket + first + second + last + end,
    ]);
    const response = fromPatchStream({ url: 'http://x/a', fetch, resume: { delayMs: () => 0 } });
    const store = createFieldStore(response);
    expect(await response.getData()).toEqual({ title: 'hello' });
    expect(store.getState().streamed).toEqual({ title: 'hello' });
    expect(requests.map((r) => r.headers.get('last-event-id'))).toEqual([null, '1', '2']);
  });

  it('reconnections that bring only replays deliver nothing: `attempts` bounds them', async () => {
    const ticket = answer({ id: 'a1', token: 't1' });
    const { fetch, requests } = server([() => ticket + first + second, () => ticket + first + second]);
    const response = fromPatchStream({ url: 'http://x/a', fetch, resume: { attempts: 3, delayMs: () => 0 } });
    const store = createFieldStore(response);
    await expect(response.getData()).rejects.toMatchObject({ name: 'TransportError', code: 'TRANSPORT_FAILED' });
    expect(requests).toHaveLength(4); // the start, then 3 reconnections that each replayed 1 and 2
    expect(store.getState().data).toEqual({ title: 'hello' }); // "hel" + "lo", never "helhello…"
  });

  it('an older id after a newer one, within one connection, is dropped', async () => {
    const { fetch } = server([() => answer({ id: 'a1', token: 't1' }) + first + second + first + last + end]);
    const response = fromPatchStream({ url: 'http://x/a', fetch });
    expect(await response.getData()).toEqual({ title: 'hello' });
    expect(createFieldStore(response).getState().streamed).toEqual({ title: 'hello' });
  });

  it("a resumable answer's message without an id is a broken connection, never applied", async () => {
    const noId = `data: ${JSON.stringify([{ d: 'XX' }])}\n\n`;
    const { fetch, requests } = server([
      () => `${answer({ id: 'a1', token: 't1' })}${first}id:\n${noId}`,
      () => answer({ id: 'a1' }) + second + last + end,
    ]);
    const response = fromPatchStream({ url: 'http://x/a', fetch, resume: { delayMs: () => 0 } });
    expect(await response.getData()).toEqual({ title: 'hello' });
    expect(createFieldStore(response).getState().streamed).toEqual({ title: 'hello' });
    expect(requests.map((r) => r.headers.get('last-event-id'))).toEqual([null, '1']);
  });

  it("the log's typed ending carries no id, and ends the response with its error", async () => {
    const lost = [{ k: 'e', err: { name: 'AnswerLogError', code: 'ANSWER_LOST', message: 'gone' }, rf: 1 }];
    const { fetch } = server([
      () => `${answer({ id: 'a1', token: 't1' })}${first}event: answer-error\ndata: ${JSON.stringify(lost)}\n\n${end}`,
    ]);
    const response = fromPatchStream({ url: 'http://x/a', fetch });
    const store = createFieldStore(response);
    await expect(response.getData()).rejects.toMatchObject({ code: 'ANSWER_LOST', message: 'gone' });
    expect(store.getState()).toMatchObject({ status: 'error', data: { title: 'hel' } });
  });

  it("ids compare as numbers in both logs' forms; other ids only differ from the last", () => {
    expect([isLaterId('1', undefined), isLaterId('10', '9'), isLaterId('9', '10'), isLaterId('3', '3')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([
      isLaterId('12-0', '3-0'),
      isLaterId('5-1', '5-0'),
      isLaterId('5-0', '5-1'),
      isLaterId('2', '10-0'),
    ]).toEqual([true, true, false, false]);
    expect([isLaterId('b', 'a'), isLaterId('a', 'a')]).toEqual([true, false]);
  });
});

describe("fromPatchStream: a server's Retry-After is clamped", () => {
  it.each([
    ['99999999', 60_000],
    ['4294967', 60_000],
    ['Fri, 01 Jan 2100 00:00:00 GMT', 60_000],
    ['2', 2_000],
    ['0', 500], // the second reconnection's own backoff
  ])(
    'Retry-After: %s sets the reconnection delay to %i ms (the backoff at least, a minute at most)',
    async (retryAfter, waited) => {
      const requests: Request[] = [];
      const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(new Request(input, init));
        if (requests.length > 1) return new Response('busy', { status: 503, headers: { 'retry-after': retryAfter } });
        return new Response(answer({ id: 'a1', token: 't1' }) + first, {
          headers: { 'content-type': 'text/event-stream' },
        });
      }) as typeof globalThis.fetch;
      const response = fromPatchStream({ url: 'http://x/a', fetch });
      const delays = await abortAfter(response, 2, (e) =>
        e.type === 'connection' && e.state === 'reconnecting' ? e.delayMs : undefined,
      );
      expect(delays).toEqual([250, waited]); // the drop, then the 503's ask
    },
  );
});

describe('fromPatchStream: abort reaches the server however the stream was opened', () => {
  it('after a reconnect (the resumed stream names the answer without its token, or its abortable flag)', async () => {
    const { fetch, requests } = server([
      () => answer({ id: 'a1', token: 't1', abortable: true }) + first,
      () => answer({ id: 'a1' }) + second,
    ]);
    const delayMs = (retry: number) => (retry === 1 ? 0 : 60_000);
    const response = fromPatchStream({ url: 'http://x/a', fetch, resume: { delayMs } });
    await abortAfter(response, 2, (e) => (e.type === 'connection' && e.state === 'reconnecting' ? e : undefined));
    const abort = requests.find((r) => r.method === 'DELETE');
    expect([abort?.headers.get('fieldstream-answer'), abort?.headers.get('fieldstream-answer-token')]).toEqual([
      'a1',
      't1',
    ]);
  });

  it('after a reload, attached by ticket', async () => {
    const { fetch, requests } = server([() => answer({ id: 'a1', abortable: true }) + first]);
    const response = fromPatchStream({ url: 'http://x/a', fetch, answer: { id: 'a1', token: 't1' } });
    await abortAfter(response, 1, (e) => (e.type === 'patch' ? e : undefined));
    expect(requests.map((r) => r.method)).toEqual(['GET', 'DELETE']);
  });

  it('never when the server did not say it takes an abort', async () => {
    const { fetch, requests } = server([() => answer({ id: 'a1', token: 't1' }) + first]);
    const response = fromPatchStream({ url: 'http://x/a', fetch, resume: { delayMs: () => 60_000 } });
    await abortAfter(response, 1, (e) => (e.type === 'connection' ? e : undefined));
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });
});

describe("fromPatchStream: the app's onAnswer cannot break the stream", () => {
  it.each([
    ['an object with no string form', () => Object.create(null)],
    ['a Symbol', () => Symbol('boom')],
    ['an Error', () => new Error('boom')],
  ])('what it throws (%s) is reported and the answer streams on', async (_name, thrown) => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetch } = server([() => answer({ id: 'a1', token: 't1' }) + first + second + last + end]);
    const response = fromPatchStream({
      url: 'http://x/a',
      fetch,
      resume: {
        onAnswer: () => {
          throw thrown();
        },
      },
    });
    expect(await response.getData()).toEqual({ title: 'hello' });
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported.mock.calls[0]?.[0]).toContain('resume.onAnswer');
  });
});
