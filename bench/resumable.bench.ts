/**
 * `npm run bench -- resumable`: resumable answers (docs/decisions/0024-resumable-answers.md) on a
 * real redis-server this suite starts (Debian's `redis-server`; FIELDSTREAM_REDIS_SERVER overrides),
 * two server instances in this process, each with its own Redis connections.
 * - resume: a client that dropped mid-answer asks instance B with `Last-Event-ID`; the time from
 *   that request to the first resumed message in its body (median of 40).
 * - per-message latency: from the writer's append to a reader's receipt, through the in-process
 *   log, through Redis on the writing instance, and through Redis on the other instance (XREAD
 *   BLOCK); the added latency is the Redis median minus the in-process median.
 * - 1 000 concurrent answers (500 started on each instance, each read by its starter's stream):
 *   heap and CPU of this process per open answer, and Redis's memory per answer.
 * Targets: resume ≤ 50 ms, ≤ 1 ms median added per message, ≤ 50 KB per open answer.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { createResponse } from '../packages/core/src/index';
import { scriptedModel } from '../packages/core/src/testing';
import {
  type AnswerLog,
  createMemoryAnswerLog,
  createRedisAnswerLog,
  createResumableAnswers,
} from '../packages/server/src/index';
import { startRedis } from '../packages/server/test/support/redis-server';
import { drain, redisInfo, request, ticketOf } from './answer-streams';
import { median } from './harness';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const ANSWER = JSON.stringify({
  title: 'Card payments fail for 3% of EU customers',
  steps: Array.from({ length: 12 }, (_, i) => `Step ${i + 1}: check the gateway traces of region ${i}`),
  owner: 'payments on-call',
});
const answer = (delayMs: number) =>
  createResponse({ model: scriptedModel({ answers: [ANSWER], chunkSize: 24, delayMs }), input: 'q', format: 'json' });

export default async function resumableBench(): Promise<void> {
  const redis = await startRedis();
  const logs: AnswerLog[] = [];
  const redisLog = () => {
    const log = createRedisAnswerLog({ url: redis.url });
    logs.push(log);
    return log;
  };
  try {
    const a = createResumableAnswers({ log: redisLog() });
    const b = createResumableAnswers({ log: redisLog() });
    const memory = createResumableAnswers({ log: createMemoryAnswerLog() });

    // Resume: drop after 5 messages on A, resume on B.
    const resumes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const { ticket, body } = await ticketOf(await a.start(answer(5)));
      let last = '';
      await drain(body, (id) => (last = id), 5);
      const asked = performance.now();
      const resumed = await b.resume(request(ticket.id, ticket.token, last));
      let first = 0;
      await drain(resumed.body as ReadableStream<Uint8Array>, (_id, at) => (first = at), 1);
      resumes.push(first - asked);
    }

    // Per-message latency: append → receipt, for the in-process log and Redis (same and other instance).
    const latency = async (writer: ReturnType<typeof createResumableAnswers>, log: AnswerLog, reader?: typeof b) => {
      const appended = new Map<string, number>();
      const append = log.append.bind(log);
      log.append = async (answerId, data) => {
        const id = await append(answerId, data);
        appended.set(id, performance.now());
        return id;
      };
      const gaps: number[] = [];
      for (let i = 0; i < 10; i++) {
        const { ticket, body } = await ticketOf(await writer.start(answer(10)));
        const stream =
          reader === undefined
            ? body
            : ((await reader.resume(request(ticket.id, ticket.token))).body as ReadableStream<Uint8Array>);
        if (reader !== undefined) void body.cancel();
        // Live messages only: appended after the reader had caught up (its first message).
        let caughtUp = Infinity;
        await drain(stream, (id, at) => {
          const sent = appended.get(id);
          if (sent !== undefined && sent > caughtUp) gaps.push(at - sent);
          caughtUp = Math.min(caughtUp, at);
        });
      }
      log.append = append;
      return median(gaps);
    };
    const memoryLog = createMemoryAnswerLog();
    const inProcess = await latency(createResumableAnswers({ log: memoryLog }), memoryLog);
    const sameLog = redisLog();
    const sameInstance = await latency(createResumableAnswers({ log: sameLog }), sameLog);
    const otherLog = redisLog();
    const otherInstance = await latency(createResumableAnswers({ log: otherLog }), otherLog, b);
    void memory;

    // 1 000 concurrent answers across the two instances.
    const COUNT = 1000;
    const redisBefore = await redisInfo(redis.url, 'memory', 'used_memory');
    gc();
    const retained = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
    const heapBefore = retained();
    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const running: Promise<void>[] = [];
    for (let i = 0; i < COUNT; i++) {
      const instance = i % 2 === 0 ? a : b;
      const response = await instance.start(answer(40));
      running.push(drain(response.body as ReadableStream<Uint8Array>, () => undefined));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    gc();
    const heapOpen = retained();
    const rssOpen = process.memoryUsage().rss;
    const redisOpen = await redisInfo(redis.url, 'memory', 'used_memory');
    await Promise.all(running);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerAnswerSecond = (cpu.user + cpu.system) / 1000 / COUNT / seconds;

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log('### Resumable answers (Redis log, two instances in one process)\n');
    console.log('| measure | figure | target |');
    console.log('|---|---|---|');
    console.log(
      `| reconnect on B → first resumed message (median of 40; p90) | ${ms(median(resumes))}; ${ms(percentile(resumes, 0.9))} | ≤ 50 ms |`,
    );
    console.log(`| per-message latency, in-process log (median) | ${ms(inProcess)} | |`);
    console.log(
      `| per-message latency, Redis, reader on the writing instance (median) | ${ms(sameInstance)} (+${ms(sameInstance - inProcess)}) | ≤ 1 ms added |`,
    );
    console.log(
      `| per-message latency, Redis, reader on the other instance (XREAD BLOCK, median) | ${ms(otherInstance)} (+${ms(otherInstance - inProcess)}) | ≤ 1 ms added |`,
    );
    console.log(
      `| heap + external memory per open answer, after GC, 1 000 open (writer + reader, both instances) | ${kb((heapOpen - heapBefore) / COUNT)} | ≤ 50 KB |`,
    );
    console.log(
      `| RSS growth per open answer (includes freed memory V8 and the allocator keep) | ${kb((rssOpen - rssBefore) / COUNT)} | |`,
    );
    console.log(`| Redis memory per open answer (its events so far) | ${kb((redisOpen - redisBefore) / COUNT)} | |`);
    console.log(`| CPU per open answer | ${cpuMsPerAnswerSecond.toFixed(2)} ms per second of streaming | |`);
    console.log(
      `\n${COUNT} answers of ${ANSWER.length} characters in 24-character chunks every 40 ms, all open at once for ${seconds.toFixed(1)} s.`,
    );
  } finally {
    for (const log of logs) await log.close();
    await redis.stop();
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}
