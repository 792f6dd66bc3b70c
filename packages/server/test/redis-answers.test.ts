import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';
import { type AnswerLog, createRedisAnswerLog, createResumableAnswers } from '@fieldstream/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAnswer, readToEnd } from './support/answer-runs';
import { droppingFetch, type Instance } from './support/dropping-fetch';
import { startRedis } from './support/redis-server';

const URL_ = 'http://app.test/api/answer';
const post = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };
const quick = { delayMs: () => 5 };

let redis: Awaited<ReturnType<typeof startRedis>>;
const logs: AnswerLog[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(logs.map((log) => log.close()));
  await redis?.stop();
});

/** A server instance with its own Redis connections, as a separate process would have. */
function instance(options: { delayMs?: number; allowAbort?: boolean; answers?: string[] } = {}) {
  const log = createRedisAnswerLog({ url: redis.url, blockMs: 200 });
  logs.push(log);
  const answers = createResumableAnswers({ log, allowAbort: options.allowAbort });
  const made: ReturnType<typeof makeAnswer>[] = [];
  const serve: Instance = (request) => {
    if (request.method !== 'POST') return answers.resume(request);
    const response = makeAnswer(options.delayMs ?? 0, options.answers);
    made.push(response);
    return answers.start(response);
  };
  return { serve, made, log };
}

const plain = () =>
  readToEnd(
    fromPatchStream({ url: URL_, init: post, fetch: (async () => toPatchStream(makeAnswer())) as typeof fetch }),
  );

describe('resumable answers on a real Redis, two instances', () => {
  it('starts on A, loses A mid-stream, resumes on B with Last-Event-ID: the same store, one generation', async () => {
    const a = instance({ delayMs: 2 });
    const b = instance();
    const { fetch, requests } = droppingFetch((i) => (i === 0 ? a.serve : b.serve), [600]);
    const resumed = await readToEnd(fromPatchStream({ url: URL_, init: post, fetch, resume: quick }));
    const expected = await plain();
    expect(resumed.end).toEqual(expected.end);
    expect(resumed.events).toEqual(expected.events);
    expect(requests.map((r) => [r.method, r.headers.get('last-event-id')])).toEqual([
      ['POST', null],
      ['GET', expect.stringMatching(/^\d+-0$/)],
    ]);
    expect([a.made.length, b.made.length]).toEqual([1, 0]);
    expect(resumed.connection.map((e) => e.type === 'connection' && e.state)).toEqual(['reconnecting', 'open']);
  });

  it('resumes at every drop point on either instance with the same result', async () => {
    const a = instance();
    const b = instance();
    const expected = await plain();
    for (const cuts of [[150], [200, 150], [900, 150, 400], [1400]]) {
      const { fetch } = droppingFetch((i) => (i % 2 === 0 ? a.serve : b.serve), cuts);
      const resumed = await readToEnd(fromPatchStream({ url: URL_, init: post, fetch, resume: quick }));
      expect(resumed.end).toEqual(expected.end);
      expect(resumed.events).toEqual(expected.events);
    }
  });

  it('any drop points, any instance for each reconnection: the resumed store equals the uninterrupted one', async () => {
    const a = instance();
    const b = instance();
    const expected = await plain();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 120, max: 1600 }), fc.boolean()), { maxLength: 3 }),
        async (drops) => {
          const cuts = drops.map(([cut]) => cut);
          const { fetch } = droppingFetch((i) => (i === 0 || drops[i - 1]?.[1] === true ? a.serve : b.serve), cuts);
          const resumed = await readToEnd(fromPatchStream({ url: URL_, init: post, fetch, resume: quick }));
          expect(resumed.end).toEqual(expected.end);
          expect(resumed.events).toEqual(expected.events);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('attaches by ticket on B after a reload while A still generates', async () => {
    const a = instance({ delayMs: 3 });
    const b = instance();
    let ticket: { id: string; token: string } | undefined;
    const first = fromPatchStream({
      url: URL_,
      init: post,
      fetch: droppingFetch(() => a.serve, [400]).fetch,
      resume: { attempts: 0, onAnswer: (t) => (ticket = t) },
    });
    expect((await readToEnd(first)).end.error).toBe('TRANSPORT_FAILED'); // the page went away
    expect(a.made[0]?.status).not.toBe('done'); // still generating on A
    const attached = await readToEnd(
      fromPatchStream({ url: URL_, answer: ticket, fetch: droppingFetch(() => b.serve, []).fetch }),
    );
    const expected = await plain();
    expect(attached.end).toEqual(expected.end);
    expect(attached.events).toEqual(expected.events);
  });

  it('the instance generating an answer crashes: its lease runs out and readers on B end with ANSWER_LOST', async () => {
    const crashing = createRedisAnswerLog({ url: redis.url, leaseSeconds: 1 });
    const a = createResumableAnswers({ log: crashing });
    const b = instance();
    const made: ReturnType<typeof makeAnswer>[] = [];
    const serveA: Instance = () => {
      made.push(makeAnswer(50));
      return a.start(made[0] as ReturnType<typeof makeAnswer>);
    };
    let ticket: { id: string; token: string } | undefined;
    const first = fromPatchStream({
      url: URL_,
      init: post,
      fetch: droppingFetch(() => serveA, [300]).fetch,
      resume: { attempts: 0, onAnswer: (t) => (ticket = t) },
    });
    await readToEnd(first);
    const attached = fromPatchStream({ url: URL_, answer: ticket, fetch: droppingFetch(() => b.serve, []).fetch });
    const run = readToEnd(attached);
    await new Promise<void>((resolve) => attached.subscribe((e) => e.type === 'patch' && resolve()));
    await crashing.close(); // A is gone: no more writes, no more renewals
    made[0]?.abort();
    const result = await run;
    expect(result.end.status).toBe('error');
    expect(result.end.error).toBe('ANSWER_LOST');
  });

  it('an abort request on B stops the generation on A when the app allows it', async () => {
    const a = instance({ delayMs: 3, allowAbort: true });
    const b = instance({ allowAbort: true });
    const { fetch, requests } = droppingFetch((i) => (i === 0 ? a.serve : b.serve), []);
    const client = fromPatchStream({ url: URL_, init: post, fetch });
    client.start();
    await new Promise<void>((resolve) => client.subscribe((e) => e.type === 'patch' && resolve()));
    client.abort('the user pressed stop');
    await a.made[0]?.getData().catch(() => undefined);
    expect(a.made[0]?.status).toBe('aborted');
    expect(requests.map((r) => r.method)).toEqual(['POST', 'DELETE']);
  });

  it('a Redis restart (no persistence) mid-answer ends the client with a typed error, keeping what streamed', async () => {
    const a = instance({ delayMs: 5 });
    const b = instance();
    const { fetch } = droppingFetch((i) => (i === 0 ? a.serve : b.serve), []);
    const client = fromPatchStream({ url: URL_, init: post, fetch, resume: quick });
    const run = readToEnd(client);
    await new Promise<void>((resolve) => client.subscribe((e) => e.type === 'attempt' && e.attempt === 1 && resolve()));
    await redis.restart();
    const result = await run;
    expect(result.end.status).toBe('error');
    // Its next reconnect finds the answer gone (404 answer_not_found), or a reader finds the stream
    // gone first (ANSWER_LOST): typed either way, depending on which comes first.
    expect(result.end.error).toMatch(/^(HTTP_404|ANSWER_LOST)$/);
    expect(result.end.data).toMatchObject({}); // what streamed before stays on screen
    await a.made[0]?.getData().catch(() => undefined);
    // The writer never recreated a stream without its beginning (XADD NOMKSTREAM): no partial answer to replay.
    const { createClient } = await import('redis');
    const check = createClient({ url: redis.url });
    await check.connect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await check.sendCommand(['KEYS', 'fieldstream:answer:*'])).toEqual([]);
    check.destroy();
  });
});

describe('resumable answers on a Redis that persists every write', () => {
  it('a Redis restart mid-answer is recovered: the client resumes and ends as if nothing happened', async () => {
    const durable = await startRedis({ appendOnly: true });
    const log = createRedisAnswerLog({ url: durable.url, blockMs: 200 });
    logs.push(log);
    const a = createResumableAnswers({ log });
    const made: ReturnType<typeof makeAnswer>[] = [];
    const serve: Instance = (request) => {
      if (request.method !== 'POST') return a.resume(request);
      made.push(makeAnswer(5));
      return a.start(made[0] as ReturnType<typeof makeAnswer>);
    };
    try {
      const client = fromPatchStream({
        url: URL_,
        init: post,
        fetch: droppingFetch(() => serve, []).fetch,
        resume: quick,
      });
      const run = readToEnd(client);
      await new Promise<void>((resolve) =>
        client.subscribe((e) => e.type === 'attempt' && e.attempt === 1 && resolve()),
      );
      await durable.restart();
      const result = await run;
      const expected = await plain();
      expect(result.end).toEqual(expected.end);
      expect(result.events).toEqual(expected.events);
      expect(made[0]?.status).toBe('done');
    } finally {
      await durable.stop();
    }
  });
});

describe('resumable answers when Redis cannot be reached', () => {
  it('start answers 503 answer_log_unavailable with Retry-After, and the response is never started', async () => {
    const log = createRedisAnswerLog({ url: 'redis://127.0.0.1:1', timeoutMs: 100 });
    logs.push(log);
    const answers = createResumableAnswers({ log });
    const response = makeAnswer();
    const refused = await answers.start(response);
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await refused.json()).toMatchObject({ error: { code: 'answer_log_unavailable' } });
    expect(response.status).toBe('idle');
  });
});
