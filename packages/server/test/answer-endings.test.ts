import { createResponse } from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import {
  type AnswerLog,
  type AnswerLogOptions,
  createMemoryAnswerLog,
  createRedisAnswerLog,
  createResumableAnswers,
  type RedisClientLike,
  type ResumableAnswers,
  type ResumableAnswersOptions,
} from '@fieldstream/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAnswer, readToEnd, ticketOutput } from './support/answer-runs';
import { droppingFetch } from './support/dropping-fetch';
import { startRedis } from './support/redis-server';

// Issue 45: every way an answer ends reaches every reader, on every log and instance, as a typed
// event and never an endless keep-alive; a log's record is never a message; readers are bounded.
// One suite, run against the in-process log and against Redis with the reader on the writing
// instance and on another one.

const URL_ = 'http://app.test/api/answer';
let redis: Awaited<ReturnType<typeof startRedis>>;
const opened: AnswerLog[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((log) => log.close()));
  await redis?.stop();
});

type Setup = {
  name: string;
  /** Ids below the first message's: never given out. */
  belowFirst: string[];
  /** A writer and the instance a reader asks (the same one, or another on the same Redis). */
  make(
    log?: AnswerLogOptions & { leaseSeconds?: number },
    answers?: Partial<ResumableAnswersOptions>,
  ): { writer: ResumableAnswers; reader: ResumableAnswers };
};

const keep = (log: AnswerLog) => {
  opened.push(log);
  return log;
};
const setups: Setup[] = [
  {
    name: 'the in-process log',
    belowFirst: ['0', '0-0'],
    make(log = {}, options = {}) {
      const answers = createResumableAnswers({ log: keep(createMemoryAnswerLog(log)), keepAliveMs: 50, ...options });
      return { writer: answers, reader: answers };
    },
  },
  ...(['the writing instance', 'another instance'] as const).map(
    (where): Setup => ({
      name: `Redis, read on ${where}`,
      belowFirst: ['0', '0-0', '1', '1-0'],
      make(log = {}, options = {}) {
        const instance = () =>
          createResumableAnswers({
            log: keep(createRedisAnswerLog({ url: redis.url, blockMs: 100, ...log })),
            keepAliveMs: 50,
            ...options,
          });
        const writer = instance();
        return { writer, reader: where === 'the writing instance' ? writer : instance() };
      },
    }),
  ),
];

/** A response whose model waits `ms` before each chunk of 4 characters: still generating when the test acts. */
const slowAnswer = (ms: number, title = 'slow') =>
  createResponse({
    model: scriptedModel({ answers: [`{"title": "${title}", "steps": [], "tags": []}`], chunkSize: 4, delayMs: ms }),
    input: 'q',
    output: ticketOutput,
    format: 'json',
  });

/** Starts `response` on `writer`; the starter's stream and the answer's ticket. */
async function started(writer: ResumableAnswers, response: Parameters<ResumableAnswers['start']>[0]) {
  const stream = await writer.start(response);
  const reader = textReader(stream);
  const { value = '' } = await reader.read();
  const ticket = JSON.parse(/^event: answer\ndata: (.*)\n/.exec(value)?.[1] ?? '{}') as { id: string; token: string };
  return { ticket, rest: () => readAll(reader, value) };
}

/** A response body's reader that hands out text. */
function textReader(response: Response) {
  const bytes = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  return {
    async read(): Promise<{ done: boolean; value?: string }> {
      const { done, value } = await bytes.read();
      return done ? { done } : { done, value: decoder.decode(value, { stream: true }) };
    },
    cancel: () => bytes.cancel(),
  };
}

async function readAll(reader: ReturnType<typeof textReader>, text = ''): Promise<string> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
  }
}

const resumeRequest = (ticket: { id: string; token: string }, lastEventId?: string) =>
  new Request(URL_, {
    headers: {
      'fieldstream-answer': ticket.id,
      'fieldstream-answer-token': ticket.token,
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
  });

/** The typed error a stream ended with (its `e` event's code), or `'end'` for a whole answer. */
function ending(text: string): string {
  const error = /event: answer-error\ndata: \[\{"k":"e","err":\{"name":"AnswerLogError","code":"(\w+)"/.exec(text);
  if (error !== null) return error[1] as string;
  return text.endsWith('event: end\ndata: {}\n\n') ? 'end' : 'cut';
}

describe.each(setups)('every ending reaches the reader: $name', (setup) => {
  it('an id below the first message (the log record`s, or none at all) is ANSWER_OFFSET_UNKNOWN', async () => {
    const { writer, reader } = setup.make();
    const { ticket, rest } = await started(writer, makeAnswer());
    await rest();
    for (const id of setup.belowFirst) {
      const text = await (await reader.resume(resumeRequest(ticket, id))).text();
      expect([id, ending(text), text.includes('tokenHash')]).toEqual([id, 'ANSWER_OFFSET_UNKNOWN', false]);
    }
  });

  it('an id past the end, of a running or a finished answer, is ANSWER_OFFSET_UNKNOWN at once', async () => {
    const { writer, reader } = setup.make();
    const running = slowAnswer(60_000);
    const { ticket } = await started(writer, running);
    const text = await (await reader.resume(resumeRequest(ticket, '9999'))).text();
    expect(ending(text)).toBe('ANSWER_OFFSET_UNKNOWN');
    running.abort();
    const finished = await started(writer, makeAnswer());
    await finished.rest();
    const after = await (await reader.resume(resumeRequest(finished.ticket, '9999-0'))).text();
    expect(ending(after)).toBe('ANSWER_OFFSET_UNKNOWN');
  });

  it('an answer past maxAgeSeconds ends its readers with ANSWER_LOST and stops its generation', async () => {
    const { writer, reader } = setup.make({ maxAgeSeconds: 0.3, leaseSeconds: 1 });
    const running = slowAnswer(60_000);
    const { ticket, rest } = await started(writer, running);
    const resumed = reader.resume(resumeRequest(ticket));
    expect(ending(await rest())).toBe('ANSWER_LOST');
    const text = await (await resumed).text();
    // A reader that asked before the answer went ends as its starter does; a later one finds no answer (404).
    expect(ending(text)).toBe('ANSWER_LOST');
    await running.getData().catch(() => undefined);
    expect(running.status).toBe('aborted');
  });

  it('caps the streams of one answer per instance: 429 too_many_readers with Retry-After, free again once one ends', async () => {
    const { writer, reader } = setup.make({}, { maxReadersPerAnswer: 2 });
    const running = slowAnswer(60_000);
    const { ticket } = await started(writer, running);
    // The starter's stream counts on its own instance.
    const room = reader === writer ? 1 : 2;
    const admitted = await Promise.all(Array.from({ length: room }, () => reader.resume(resumeRequest(ticket))));
    const refused = await reader.resume(resumeRequest(ticket));
    expect([...admitted.map((each) => each.status), refused.status, refused.headers.get('retry-after')]).toEqual([
      ...admitted.map(() => 200),
      429,
      '1',
    ]);
    expect(await refused.json()).toMatchObject({ error: { type: 'answer_error', code: 'too_many_readers' } });
    await admitted[0]?.body?.cancel();
    const again = await reader.resume(resumeRequest(ticket));
    expect(again.status).toBe(200);
    await again.body?.cancel();
    running.abort();
  });

  it('a resumed stream says whether the answer takes an abort, so abort() works after any reconnect', async () => {
    const { writer, reader } = setup.make({}, { allowAbort: true });
    const running = slowAnswer(60_000);
    const { ticket } = await started(writer, running);
    const resumed = await reader.resume(resumeRequest(ticket));
    const reading = textReader(resumed);
    expect((await reading.read()).value).toBe(`event: answer\ndata: {"id":"${ticket.id}","abortable":true}\n\n`);
    await reading.cancel();
    const aborted = await reader.resume(new Request(resumeRequest(ticket), { method: 'DELETE' }));
    expect(aborted.status).toBe(202);
    await running.getData().catch(() => undefined);
    expect(running.status).toBe('aborted');
  });
});

/** Connections to `url`'s Redis whose last command was `XREAD`: those held for blocking reads. */
async function blockingReads(url: string): Promise<number> {
  const { createClient } = await import('redis');
  const check = createClient({ url });
  await check.connect();
  const clients = String(await check.sendCommand(['CLIENT', 'LIST']));
  check.destroy();
  return clients.split('\n').filter((line) => / cmd=xread /.test(line)).length;
}

/** A real client whose every command (its duplicates' too) goes through `send`. */
async function intercepted(
  send: (args: string[], real: (args: string[]) => Promise<unknown>) => Promise<unknown>,
): Promise<RedisClientLike> {
  const { createClient } = await import('redis');
  const wrap = (real: RedisClientLike): RedisClientLike => ({
    sendCommand: (args) => send(args, (each) => real.sendCommand(each)),
    duplicate: () => wrap(real.duplicate()),
    connect: () => real.connect(),
    subscribe: (channel, listener) => real.subscribe(channel, listener),
    on: (event, listener) => real.on(event, listener),
    close: () => real.close(),
    destroy: () => real.destroy(),
  });
  const client = createClient({ url: redis.url }) as unknown as RedisClientLike;
  await client.connect();
  return wrap(client);
}

describe('Redis: bounded connections, and a lost append reaches every reader', () => {
  it('readers of one answer on one instance share one blocking connection, and each gets the whole answer', async () => {
    const instance = (client?: RedisClientLike) =>
      createResumableAnswers({
        log: keep(createRedisAnswerLog({ url: redis.url, client, blockMs: 100 })),
        keepAliveMs: 50,
        maxReadersPerAnswer: 200,
      });
    // B's tail reads answer 20 ms late: readers joining meanwhile have read further than the read's start.
    const late = await intercepted(async (args, real) => {
      const reply = await real(args);
      if (args[0] === 'XREAD') await new Promise((resolve) => setTimeout(resolve, 20));
      return reply;
    });
    const [a, b] = [instance(), instance(late)];
    const running = slowAnswer(8, 'x'.repeat(600)); // ~1.2 s: readers caught up, waiting for the next message
    const { ticket, rest } = await started(a, running);
    // Earlier tests' reads end within their blockMs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = await blockingReads(redis.url);
    // Joining one by one while the answer streams: each at its own place in it, one tail read shared.
    const texts: Promise<string>[] = [];
    for (let i = 0; i < 120; i++) {
      texts.push(readAll(textReader(await b.resume(resumeRequest(ticket)))));
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const during = await blockingReads(redis.url);
    const whole = await rest();
    expect(during - before).toBeLessThanOrEqual(1); // before issue 45: a connection per waiting reader
    // After the `answer` event, keep-alives aside (they come whenever a stream is idle).
    const messages = (text: string) => text.slice(text.indexOf('\n\n') + 2).replaceAll(': keep-alive\n\n', '');
    for (const text of await Promise.all(texts)) expect(messages(text)).toBe(messages(whole));
    late.destroy();
    expect(ending(whole)).toBe('end');
  });

  it('an append that fails in flight ends the starter on the writing instance and the readers elsewhere with ANSWER_LOST', async () => {
    let failAppends = false;
    const flaky = await intercepted((args, real) =>
      failAppends && args[0] === 'XADD' ? Promise.reject(new Error('Socket closed unexpectedly')) : real(args),
    );
    const a = createResumableAnswers({ log: keep(createRedisAnswerLog({ client: flaky, leaseSeconds: 1 })) });
    const b = createResumableAnswers({
      log: keep(createRedisAnswerLog({ url: redis.url, blockMs: 100, leaseSeconds: 1 })),
    });
    const running = slowAnswer(20);
    const { ticket, rest } = await started(a, running);
    const elsewhere = (await b.resume(resumeRequest(ticket))).text();
    await new Promise((resolve) => setTimeout(resolve, 60));
    failAppends = true;
    expect(ending(await rest())).toBe('ANSWER_LOST');
    expect(ending(await elsewhere)).toBe('ANSWER_LOST');
    await running.getData().catch(() => undefined);
    expect(running.status).toBe('aborted');
    flaky.destroy();
  });

  it.each([
    ['before it reached Redis', false],
    ['after Redis stored it (only the reply was lost)', true],
  ])(
    'an append that fails once in flight, %s, is sent again: stored once, the answer goes on whole',
    async (_when, stored) => {
      let failNext = false;
      const flaky = await intercepted(async (args, real) => {
        if (!failNext || args[0] !== 'XADD') return real(args);
        failNext = false;
        if (stored) await real(args);
        throw new Error('Socket closed unexpectedly');
      });
      const a = createResumableAnswers({ log: keep(createRedisAnswerLog({ client: flaky, leaseSeconds: 1 })) });
      const b = createResumableAnswers({
        log: keep(createRedisAnswerLog({ url: redis.url, blockMs: 100, leaseSeconds: 1 })),
      });
      const running = slowAnswer(20);
      const { ticket, rest } = await started(a, running);
      await new Promise((resolve) => setTimeout(resolve, 60));
      failNext = true;
      const whole = await rest();
      expect(ending(whole)).toBe('end');
      // Read from the start on another instance: every message once, as the starter read them.
      const replayed = await (await b.resume(resumeRequest(ticket))).text();
      expect(ending(replayed)).toBe('end');
      const ids = (text: string) => [...text.matchAll(/^id: (.+)$/gm)].map((match) => match[1]);
      expect(ids(replayed)).toEqual(ids(whole));
      expect(new Set(ids(replayed)).size).toBe(ids(replayed).length);
      expect(running.status).toBe('done');
      flaky.destroy();
    },
  );

  it('Redis dies mid-answer and restarts empty: the starter, reading on the writing instance, ends with a typed error', async () => {
    const own = await startRedis();
    try {
      const log = createRedisAnswerLog({ url: own.url, blockMs: 100, timeoutMs: 500 });
      const answers = createResumableAnswers({ log, keepAliveMs: 50 });
      const running = slowAnswer(10, 'x'.repeat(200));
      const serve = (request: Request) =>
        request.method === 'POST' ? answers.start(running) : answers.resume(request);
      const client = fromPatchStream({
        url: URL_,
        init: { method: 'POST', body: '{}' },
        fetch: droppingFetch(() => serve, []).fetch,
        resume: { attempts: 3, delayMs: () => 20 },
      });
      const run = readToEnd(client);
      await new Promise<void>((resolve) =>
        client.subscribe(
          (e) => e.type === 'patch' && e.data.path === 'title' && String(e.data.value).length > 8 && resolve(),
        ),
      );
      await own.restart();
      const result = await run;
      // The lost append ends the stream it serves (ANSWER_LOST), or a reconnect finds the answer gone (404).
      expect(result.end.status).toBe('error');
      expect(result.end.error).toMatch(/^(ANSWER_LOST|HTTP_404)$/);
      expect(result.end.data).toMatchObject({ title: expect.stringMatching(/^x+$/) }); // what streamed stays
      await running.getData().catch(() => undefined);
      expect(running.status).toBe('aborted');
      await log.close();
    } finally {
      await own.stop();
    }
  });
});
