/**
 * `npm run bench -- early-validation` (issue 26, docs/decisions/0022-validate-while-streaming.md):
 * 1. A scripted ~2 000-token answer whose first field (an email) breaks its zod rule, then a valid
 *    retry: the characters the model streamed before the retry began, and the time to the retry's
 *    first valid field, with early validation (the default) and without it (`earlyValidation:
 *    false`), side by side in one run. Target: ≥ 10× fewer characters before the retry.
 * 2. The cost of the field checks on an answer that passes: CPU time of a 256 KB answer with a zod
 *    schema, validated while it streams vs at the end only. Target: ≤ 10 % more.
 */

import { z } from 'zod';
import { createResponse, type ResponseEvent } from '../packages/core/src/index';
import { scriptedModel } from '../packages/core/src/testing';
import { median } from './harness';
import { benchDocument } from './json-documents';

const Signup = z.object({ email: z.string().email(), plan: z.enum(['free', 'team']), welcome: z.string() });
// ~2 000 tokens at ~4 characters a token.
const welcome = 'Welcome aboard, here is everything about your first week with the team. '.repeat(110);
const answers = [
  JSON.stringify({ email: 'ada at example dot com', plan: 'team', welcome }),
  JSON.stringify({ email: 'ada@example.com', plan: 'team', welcome: 'Welcome, Ada!' }),
];

/** One run: characters of attempt 0 before the retry, and ms from the start to the retry's valid email. */
async function failFirstField(early: boolean): Promise<{ before: number; firstValidMs: number }> {
  const response = createResponse({
    // 16 characters (about 4 tokens) every 2 ms: ~500 tokens a second, a fast provider.
    model: scriptedModel({ answers, chunkSize: 16, delayMs: 2 }),
    input: 'Sign Ada up.',
    output: Signup,
    format: 'json',
    maxRetries: 1,
    earlyValidation: early,
  });
  let before = 0;
  let firstValidMs = Number.NaN;
  const started = performance.now();
  response.subscribe((event: ResponseEvent) => {
    if (event.type === 'text' && event.attempt === 0) before += event.delta.length;
    if (event.type === 'patch' && event.attempt === 1 && event.data.path === 'email' && event.data.is_complete)
      firstValidMs = performance.now() - started;
  });
  await response.getData();
  return { before, firstValidMs };
}

const Report = z.object({
  title: z.string(),
  generated: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      summary: z.string(),
      records: z.array(
        z.object({
          id: z.number().int(),
          name: z.string().min(1),
          score: z.number(),
          active: z.boolean(),
          ratio: z.number().nullable(),
          tags: z.array(z.string()),
          owner: z.object({ name: z.string(), email: z.string().email(), since: z.number().int() }),
          notes: z.string(),
          history: z.array(z.object({ at: z.number().int(), event: z.string() })),
        }),
      ),
    }),
  ),
});

/** CPU ms of one passing 256 KB answer, parsed and validated (20-character chunks, no delays). */
async function passingAnswerCpu(answer: string, early: boolean): Promise<number> {
  const response = createResponse({
    model: scriptedModel({ answers: [answer], chunkSize: 20 }),
    input: 'report',
    output: Report,
    format: 'json',
    earlyValidation: early,
  });
  const start = process.cpuUsage();
  await response.getData();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export default async function earlyValidationBench(): Promise<void> {
  const runs = 5;
  type Run = { before: number; firstValidMs: number };
  const results = { early: [] as Run[], late: [] as Run[] };
  await failFirstField(true); // warm-up: the field checks' module loads once
  for (let r = 0; r < runs; r++) {
    results.early.push(await failFirstField(true));
    results.late.push(await failFirstField(false));
  }
  const total = (answers[0] as string).length;
  const row = (name: string, list: { before: number; firstValidMs: number }[]) => {
    const before = median(list.map((x) => x.before));
    const ms = median(list.map((x) => x.firstValidMs));
    return { name, before, ms };
  };
  const early = row('early validation (default)', results.early);
  const late = row('at the end only (`earlyValidation: false`)', results.late);
  console.log(`\n## Early validation: a ${total}-character answer whose first field breaks its rule\n`);
  console.log(
    `Scripted model, 16 characters every 2 ms; a zod \`email()\` rule on the first field; median of ${runs} runs.\n`,
  );
  console.log("| validation | characters streamed before the retry | ms to the retry's first valid field |");
  console.log('|---|---:|---:|');
  for (const r of [early, late]) console.log(`| ${r.name} | ${r.before} | ${r.ms.toFixed(0)} |`);
  console.log(
    `\n${(late.before / early.before).toFixed(0)}× fewer characters before the retry (target ≥ 10×); the retry's first valid field ${(late.ms / early.ms).toFixed(1)}× sooner.`,
  );

  const answer = benchDocument(256 * 1024);
  const cpu = { early: [] as number[], late: [] as number[], ratios: [] as number[] };
  for (let r = 0; r < 3; r++) {
    await passingAnswerCpu(answer, true);
    await passingAnswerCpu(answer, false);
  }
  // Pairs in alternating order, so a busy moment of the (shared) machine hits both sides alike;
  // the cost is the median of the pairs' ratios.
  const pairs = 15;
  for (let r = 0; r < pairs; r++) {
    const first = r % 2 === 0;
    const a = await passingAnswerCpu(answer, first);
    const b = await passingAnswerCpu(answer, !first);
    const [on, off] = first ? [a, b] : [b, a];
    cpu.early.push(on);
    cpu.late.push(off);
    cpu.ratios.push(on / off);
  }
  const on = median(cpu.early);
  const off = median(cpu.late);
  const ratio = median(cpu.ratios);
  console.log(
    `\n### The cost on an answer that passes: ${(answer.length / 1024).toFixed(0)} KB, zod schema (CPU, median of ${pairs} pairs)\n`,
  );
  console.log('| validation | median CPU ms | × end only (ratio of medians) | × end only (median of pair ratios) |');
  console.log('|---|---:|---:|---:|');
  console.log(`| while streaming (default) | ${on.toFixed(1)} | ${(on / off).toFixed(2)} | ${ratio.toFixed(2)} |`);
  console.log(`| at the end only | ${off.toFixed(1)} | 1.00 | 1.00 |`);
  console.log(
    `\nField checks cost ${(((on - off) / off) * 100).toFixed(1)} % by the medians, ${((ratio - 1) * 100).toFixed(1)} % by the pairs (target ≤ 10 %; the two differ when the shared machine is busy).`,
  );
}
