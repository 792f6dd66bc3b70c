/**
 * `npm run bench -- resumable-readers`: 1 000 readers of one resumable answer across two instances
 * on one real redis-server (issue 45's load test; docs/decisions/0024-resumable-answers.md). A
 * writes the answer; 500 readers attach on A (woken in process) and 500 on B (another instance:
 * they share B's one `XREAD BLOCK` connection). Sampled every 100 ms while they read: Redis's
 * connected clients. At the end: that every reader got the starter's messages, in order, and this
 * process's heap + external memory per open reader (after GC, all open).
 * Targets: Redis connections flat (at most one more per instance than with no reader), every
 * reader whole.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { createResponse } from '../packages/core/src/index';
import { scriptedModel } from '../packages/core/src/testing';
import { type AnswerLog, createRedisAnswerLog, createResumableAnswers } from '../packages/server/src/index';
import { startRedis } from '../packages/server/test/support/redis-server';
import { drain, redisInfo, request, ticketOf } from './answer-streams';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const READERS = 1000;
const ANSWER = JSON.stringify({
  title: 'Card payments fail for 3% of EU customers',
  steps: Array.from({ length: 4 }, (_, i) => `Step ${i + 1}: check the gateway traces of region ${i}`),
});

export default async function resumableReadersBench(): Promise<void> {
  const redis = await startRedis();
  const logs: AnswerLog[] = [];
  const instance = () => {
    const log = createRedisAnswerLog({ url: redis.url });
    logs.push(log);
    // The default cap (16 per answer per instance) is for a user's tabs; a broadcast raises it.
    return createResumableAnswers({ log, maxReadersPerAnswer: READERS });
  };
  try {
    const [a, b] = [instance(), instance()];
    // A short warm-up answer brings up each instance's connections (command, pub/sub, B's blocking read).
    const warm = await ticketOf(await a.start(answerOf(1)));
    await Promise.all([
      drain(warm.body, () => undefined),
      drain((await b.resume(request(warm.ticket.id, warm.ticket.token))).body as ReadableStream<Uint8Array>, () => {}),
    ]);
    const idleClients = (await redisInfo(redis.url, 'clients', 'connected_clients')) - 1;

    // A message every 80 ms: the readers are caught up, waiting for the next one, most of the time.
    const { ticket, body } = await ticketOf(await a.start(answerOf(80)));
    const starter: string[] = [];
    const starterDone = drain(body, (id) => starter.push(id));
    gc();
    const retained = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
    const heapBefore = retained();
    const received: string[][] = [];
    const reading: Promise<void>[] = [];
    for (let i = 0; i < READERS; i++) {
      const ids: string[] = [];
      received.push(ids);
      const response = await (i % 2 === 0 ? a : b).resume(request(ticket.id, ticket.token));
      if (response.status !== 200) throw new Error(`reader ${i} was refused (${response.status})`);
      reading.push(drain(response.body as ReadableStream<Uint8Array>, (id) => ids.push(id)));
    }
    // One connection of its own, opened before the readers: a sample never waits for a connect.
    const { createClient } = await import('redis');
    const probe = createClient({ url: redis.url });
    await probe.connect();
    const clients: number[] = [];
    const sampling = setInterval(async () => {
      const info = String(await probe.sendCommand(['INFO', 'clients']));
      clients.push(Number(/connected_clients:(\d+)/.exec(info)?.[1]) - 1);
    }, 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    gc();
    const heapOpen = retained();
    await Promise.all([starterDone, ...reading]);
    clearInterval(sampling);
    probe.destroy();

    const whole = received.filter((ids) => ids.join() === starter.join()).length;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log('### Resumable answers: 1 000 readers of one answer (Redis log, two instances)\n');
    console.log('| measure | figure | target |');
    console.log('|---|---|---|');
    console.log(
      `| Redis connections of the two instances: idle → most while 1 000 read | ${idleClients} → ${Math.max(...clients)} (${clients.length} samples) | flat |`,
    );
    console.log(`| readers that got every message of the answer, in order | ${whole} of ${READERS} | all |`);
    console.log(
      `| heap + external memory per open reader, after GC (500 on each instance) | ${kb((heapOpen - heapBefore) / READERS)} | |`,
    );
    console.log(`\nOne answer of ${starter.length} messages, one every 80 ms; each reader attached from its start.`);
    if (whole !== READERS || Math.max(...clients) > idleClients) process.exitCode = 1;
  } finally {
    for (const log of logs) await log.close();
    await redis.stop();
  }
}

/** The answer, one 4-character chunk every `delayMs`. */
function answerOf(delayMs: number) {
  return createResponse({
    model: scriptedModel({ answers: [ANSWER], chunkSize: 4, delayMs }),
    input: 'q',
    format: 'json',
  });
}
