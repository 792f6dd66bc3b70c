import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';
import { createMemoryAnswerLog, createResumableAnswers } from '@fieldstream/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goodAnswer, makeAnswer, readToEnd } from './support/answer-runs';
import { droppingFetch, type Instance } from './support/dropping-fetch';

const URL_ = 'http://app.test/api/answer';
const post = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };
const quick = { delayMs: () => 0 };
/** More than the first event (the answer's ticket) takes: a drop before it cannot be resumed (nothing names the answer yet). */
const ANSWER_EVENT_BYTES = 120;

/** One server instance: POST starts an answer, GET/DELETE resume or abort one. */
function instance(
  answers: ReturnType<typeof createResumableAnswers>,
  made: ReturnType<typeof makeAnswer>[] = [],
  delayMs = 0,
): Instance {
  return (request) => {
    if (request.method !== 'POST') return answers.resume(request);
    const response = makeAnswer(delayMs);
    made.push(response);
    return answers.start(response);
  };
}

async function uninterrupted() {
  return readToEnd(
    fromPatchStream({ url: URL_, init: post, fetch: (async () => toPatchStream(makeAnswer())) as typeof fetch }),
  );
}

describe('createResumableAnswers with the in-process log', () => {
  it('streams an answer that never drops exactly as toPatchStream does, naming it first', async () => {
    const answers = createResumableAnswers();
    const { fetch } = droppingFetch(() => instance(answers), []);
    const tickets: unknown[] = [];
    const resumed = await readToEnd(
      fromPatchStream({ url: URL_, init: post, fetch, resume: { onAnswer: (t) => tickets.push(t) } }),
    );
    const plain = await uninterrupted();
    expect(resumed.end).toEqual(plain.end);
    expect(resumed.events).toEqual(plain.events);
    expect(resumed.end.final).toEqual(JSON.parse(goodAnswer));
    expect(resumed.connection).toEqual([]);
    expect(tickets).toEqual([
      { id: expect.stringMatching(/^[\w-]{22}$/), token: expect.stringMatching(/^[\w-]{22}$/), abortable: false },
    ]);
  });

  it('resumes a dropped connection with Last-Event-ID: every event once, in order, and shows the gap', async () => {
    const answers = createResumableAnswers();
    const made: ReturnType<typeof makeAnswer>[] = [];
    const { fetch, requests } = droppingFetch(() => instance(answers, made, 1), [700, 300]);
    const resumed = await readToEnd(fromPatchStream({ url: URL_, init: post, fetch, resume: quick }));
    const plain = await uninterrupted();
    expect(resumed.end).toEqual(plain.end);
    expect(resumed.events).toEqual(plain.events);
    expect(requests.map((r) => [r.method, r.headers.get('last-event-id') !== null])).toEqual([
      ['POST', false],
      ['GET', true],
      ['GET', true],
    ]);
    expect(made).toHaveLength(1); // one paid generation
    expect(resumed.connection.map((e) => e.type === 'connection' && e.state)).toEqual([
      'reconnecting',
      'open',
      'reconnecting',
      'open',
    ]);
    expect(resumed.sawReconnecting).toBe(true);
    expect(resumed.end.reconnecting).toBeUndefined();
  });

  it('a store bound to a stream resumed at any drop points ends as one that never dropped', async () => {
    const plain = await uninterrupted();
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(fc.integer({ min: 1, max: 1500 }), { maxLength: 4 })
          .map((cuts) => cuts.map((cut) => ANSWER_EVENT_BYTES + cut)),
        async (cuts) => {
          const answers = createResumableAnswers();
          const { fetch } = droppingFetch(() => instance(answers), cuts);
          const resumed = await readToEnd(fromPatchStream({ url: URL_, init: post, fetch, resume: quick }));
          expect(resumed.end).toEqual(plain.end);
          expect(resumed.events).toEqual(plain.events);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('attaches to a running answer by its ticket after a reload, from its first message', async () => {
    const answers = createResumableAnswers();
    const serve = instance(answers, [], 1);
    let ticket: { id: string; token: string } | undefined;
    const first = fromPatchStream({
      url: URL_,
      init: post,
      fetch: droppingFetch(() => serve, [400]).fetch,
      resume: false,
    });
    first.observe(() => undefined);
    const firstRun = readToEnd(first);
    const named = fromPatchStream({
      url: URL_,
      init: post,
      fetch: droppingFetch(() => serve, [400]).fetch,
      resume: { attempts: 0, onAnswer: (t) => (ticket = t) },
    });
    // The page is gone mid-answer (its connection dropped and it never reconnects)...
    expect((await readToEnd(named)).end.error).toBe('TRANSPORT_FAILED');
    expect((await firstRun).end.error).toBe('TRANSPORT_FAILED');
    // ...the reloaded page attaches with the ticket it kept.
    const attached = await readToEnd(
      fromPatchStream({ url: URL_, answer: ticket, fetch: droppingFetch(() => serve, []).fetch }),
    );
    const plain = await uninterrupted();
    expect(attached.end).toEqual(plain.end);
    expect(attached.events).toEqual(plain.events);
  });

  it('refuses a wrong token, an unknown id and another owner alike (404 answer_not_found)', async () => {
    // One log entry per model chunk, so there is a tail after entry 2 to replay.
    const answers = createResumableAnswers({ frameMs: 0 });
    const started = await answers.start(makeAnswer(), { owner: 'ada' });
    const text = await started.text();
    const { id, token } = JSON.parse(/event: answer\ndata: (.*)\n/.exec(text)?.[1] ?? '{}');
    const ask = (headers: Record<string, string>, owner?: string) =>
      answers.resume(new Request(URL_, { headers }), { owner });
    for (const response of [
      await ask({ 'fieldstream-answer': id, 'fieldstream-answer-token': `${token}x` }, 'ada'),
      await ask({ 'fieldstream-answer': 'nope', 'fieldstream-answer-token': token }, 'ada'),
      await ask({ 'fieldstream-answer': id, 'fieldstream-answer-token': token }, 'bob'),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { message: expect.any(String), type: 'answer_error', code: 'answer_not_found' },
      });
    }
    const mine = await ask(
      { 'fieldstream-answer': id, 'fieldstream-answer-token': token, 'last-event-id': '2' },
      'ada',
    );
    expect(mine.status).toBe(200);
    const replay = await mine.text();
    expect(replay.startsWith(`event: answer\ndata: {"id":"${id}","abortable":false}\n\nid: 3\n`)).toBe(true);
    expect(text.endsWith(replay.slice(replay.indexOf('id: 3\n')))).toBe(true);
  });

  it("a client's abort leaves the generation running unless the app allows aborts", async () => {
    for (const allowAbort of [false, true]) {
      const answers = createResumableAnswers({ allowAbort, log: createMemoryAnswerLog() });
      const made: ReturnType<typeof makeAnswer>[] = [];
      const { fetch, requests } = droppingFetch(() => instance(answers, made, 2), []);
      const client = fromPatchStream({ url: URL_, init: post, fetch });
      client.start();
      await new Promise<void>((resolve) => client.subscribe((e) => e.type === 'patch' && resolve()));
      client.abort('the user closed the tab');
      const server = made[0];
      await server?.getData().catch(() => undefined);
      expect(server?.status).toBe(allowAbort ? 'aborted' : 'done');
      expect(requests.map((r) => r.method)).toEqual(allowAbort ? ['POST', 'DELETE'] : ['POST']);
    }
  });
});
