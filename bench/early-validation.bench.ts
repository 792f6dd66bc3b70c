/**
 * `npm run bench -- early-validation` (issue 26, docs/decisions/0022-validate-while-streaming.md):
 * 1. A scripted ~2 000-token answer whose first field (an email) breaks its zod rule, then a valid
 *    retry: the characters the model streamed before the retry began, and the time to the retry's
 *    first valid field, with early validation (the default) and without it (`earlyValidation:
 *    false`), side by side in one run. Target: ≥ 10× fewer characters before the retry.
 * 2. The cost of the field checks on an answer that passes: CPU time of a 256 KB answer with a zod
 *    schema (bench/early-validation-answer.ts), validated while it streams vs at the end only, in
 *    fresh processes beside A/A pairs, and its instruction count under callgrind when valgrind is
 *    installed (`passingAnswerCost`). Target: ≤ 10 % more.
 */

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';
import { createResponse, type ResponseEvent } from '../packages/core/src/index';
import { scriptedModel } from '../packages/core/src/testing';
import type { CpuPairs } from './early-validation-answer';
import { median } from './harness';
import { instructionsPerRun } from './instruction-count';
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

  await passingAnswerCost();
}

/** Fresh processes for the CPU pairs, and pairs in each (bench/early-validation-probe.ts). */
const PROCESSES = 6;
const PAIRS = 8;
/** Instruction counts: per answer, from processes streaming it FIRST_RUNS and LAST_RUNS times. */
const FIRST_RUNS = 6;
const LAST_RUNS = 12;
const probe = join(import.meta.dirname, 'early-validation-probe.ts');

/**
 * Target 2, the cost of the field checks on an answer that passes, judged two ways. CPU time: pairs
 * (on, off) in alternating order, in several fresh processes (one process's compiled code can
 * settle in a state of its own: the cost read 3 % in one and 38 % in another), beside A/A pairs
 * (off, off) that show what the method's noise alone reads. Instructions (valgrind's callgrind,
 * deterministic): the per-answer difference between processes streaming the answer 6 and 12 times,
 * so start-up, the first runs' compiling and the document's making cancel out.
 */
async function passingAnswerCost(): Promise<void> {
  const runs: CpuPairs[] = [];
  for (let p = 0; p < PROCESSES; p++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', probe, 'cpu', String(PAIRS)], { encoding: 'utf8' });
    runs.push(JSON.parse(out.trim().split('\n').at(-1) ?? '') as CpuPairs);
  }
  const ratios = runs.flatMap((run) => run.on.map((on, i) => on / (run.off[i] ?? Number.NaN)));
  const aaRatios = runs.flatMap((run) => run.aa.map(aaRatio));
  const perProcess = runs.map((run) => median(run.on.map((on, i) => on / (run.off[i] ?? Number.NaN))));
  const aaPerProcess = runs.map((run) => median(run.aa.map(aaRatio)));
  const on = median(runs.flatMap((run) => run.on));
  const off = median(runs.flatMap((run) => run.off));
  const ratio = median(ratios);
  const aa = median(aaRatios);
  const spread = (list: number[]) => `${pct(Math.min(...list))} to ${pct(Math.max(...list))}`;
  const instructions = await instructionsPerRun(probe, ['early', 'late'], FIRST_RUNS, LAST_RUNS);

  const kb = (benchDocument(256 * 1024).length / 1024).toFixed(0);
  console.log(`\n### The cost on an answer that passes: ${kb} KB, zod schema\n`);
  console.log(
    `CPU: ${PROCESSES} fresh processes × ${PAIRS} pairs (on, off; alternating order) after 3 warm-up pairs, and as many A/A pairs (off, off) that measure the method's own noise. ` +
      `Instructions: valgrind's callgrind (deterministic), per answer, the difference between processes streaming it ${LAST_RUNS} and ${FIRST_RUNS} times.\n`,
  );
  console.log(
    '| validation | median CPU ms | CPU × end only (median of pair ratios) | instructions per answer (M) | instructions × end only |',
  );
  console.log('|---|---:|---:|---:|---:|');
  const counted = typeof instructions === 'string' ? undefined : instructions;
  const millions = (n: number | undefined) => (n === undefined ? 'n/a' : (n / 1e6).toFixed(1));
  const insRatio = counted === undefined ? undefined : counted.early / counted.late;
  console.log(
    `| while streaming (default) | ${on.toFixed(1)} | ${ratio.toFixed(3)} | ${millions(counted?.early)} | ${insRatio === undefined ? 'n/a' : insRatio.toFixed(3)} |`,
  );
  console.log(`| at the end only | ${off.toFixed(1)} | 1.000 | ${millions(counted?.late)} | 1.000 |`);
  console.log(`| A/A: at the end only, twice | | ${aa.toFixed(3)} | | |`);
  console.log(
    `\nField checks cost ${pct(ratio)} CPU by the pairs (per process ${spread(perProcess)}; A/A reads ${pct(aa)}, per process ${spread(aaPerProcess)})` +
      (insRatio === undefined
        ? `; instruction count skipped: ${instructions as string}.`
        : ` and ${pct(insRatio)} in instructions.`) +
      ` Target ≤ 10 %: ${verdict(ratio, aaPerProcess, insRatio)}.`,
  );
}

/** An A/A pair's ratio, its order alternating like the on/off pairs' (the second run of a pair pays some of the first's garbage). */
function aaRatio([a, b]: [number, number], i: number): number {
  return i % 2 === 0 ? a / b : b / a;
}

/** "+4.2 %" for a ratio of 1.042. */
function pct(ratio: number): string {
  const value = (ratio - 1) * 100;
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
}

/**
 * The target line, never claimed from noise: the instruction count decides when there is one (it
 * cannot be faked by a busy machine); the CPU figure counts only when the A/A pairs of every
 * process read within 5 %.
 */
function verdict(cpu: number, aaPerProcess: number[], instructions: number | undefined): string {
  const quiet = aaPerProcess.every((aa) => Math.abs(aa - 1) <= 0.05);
  const cpuMet = cpu <= 1.1;
  const cpuSays = quiet
    ? cpuMet
      ? 'met in CPU time'
      : 'missed in CPU time'
    : 'CPU time too noisy to judge (an A/A process read over 5 %)';
  if (instructions === undefined) return cpuSays;
  return `${instructions <= 1.1 ? 'met' : 'missed'} in instructions; ${cpuSays}`;
}
