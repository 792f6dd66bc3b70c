/**
 * `npm run bench -- json`: streaming a JSON answer while reading the current value after every
 * chunk (what a live UI does), against the incremental peers and one JSON.parse (the floor).
 */

import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { JSONParser } from '@streamparser/json';
import { parsePartialJson as aiParsePartialJson, isDeepEqualData } from 'ai';
import { parse as jsonriverParse } from 'jsonriver';
import { ALL, parse as partialParse } from 'partial-json';
import { chunkText, median } from './harness';
import { instructionsPerRun } from './instruction-count';
import { benchDocument } from './json-documents';
import { type Contender, floor, ours, oursEventsOnly } from './json-ours';
import type { JsonProbeMode } from './json-probe';

let sink: unknown;

const jsonriver: Contender = {
  name: 'jsonriver (async iterable; yields the live value)',
  async run(chunks) {
    async function* source() {
      for (const chunk of chunks) yield chunk;
    }
    let values = 0;
    for await (const value of jsonriverParse(source())) {
      sink = value;
      values++;
    }
    return values;
  },
};

const streamparser: Contender = {
  name: '@streamparser/json (emitPartialValues; live root)',
  run(chunks) {
    const parser = new JSONParser({ emitPartialTokens: true, emitPartialValues: true });
    let root: unknown;
    parser.onValue = ({ value, parent, stack }) => {
      // The root is the value once complete, else the outermost open container.
      root = stack.length === 0 ? value : stack.length === 1 ? parent : stack[1]?.value;
    };
    for (const chunk of chunks) {
      parser.write(chunk);
      sink = root;
    }
    return root;
  },
};

const partialJson: Contender = {
  name: 'partial-json (re-parses the text so far per chunk)',
  run(chunks) {
    let text = '';
    for (const chunk of chunks) {
      text += chunk;
      sink = partialParse(text, ALL);
    }
    return sink;
  },
};

/**
 * What the AI SDK's `useObject` does per network chunk (`ai` 6.0.325, the same package it imports):
 * append, `parsePartialJson` of the whole text so far, and a new state only when `isDeepEqualData`
 * says the value changed.
 */
const aiSdkUseObject: Contender = {
  name: 'AI SDK useObject loop (`ai` parsePartialJson + isDeepEqualData per chunk)',
  async run(chunks) {
    let text = '';
    let latest: unknown;
    for (const chunk of chunks) {
      text += chunk;
      const { value } = await aiParsePartialJson(text);
      if (!isDeepEqualData(latest, value)) latest = value;
    }
    return latest;
  },
};

/** CPU time (user + system) of one run in ms: other processes on a loaded machine do not count. */
async function cpuMs(contender: Contender, chunks: readonly string[], text: string): Promise<number> {
  const start = process.cpuUsage();
  sink = await contender.run(chunks, text);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Median CPU time (and wall time) of `runs` runs after one warm-up, contenders interleaved so drift
 * hits all. The previous run's result is let go before each timed run: kept in `sink`, it stayed
 * alive through the next contender's run, whose collections then copied it (JSON.parse's 1 MB
 * value, charged to the parser timed after it).
 */
async function measure(contenders: readonly Contender[], chunks: string[], text: string, runs: number) {
  const cpu = contenders.map(() => [] as number[]);
  const wall = contenders.map(() => [] as number[]);
  for (const contender of contenders) sink = await contender.run(chunks, text);
  for (let r = 0; r < runs; r++) {
    for (const [i, contender] of contenders.entries()) {
      sink = undefined;
      const start = performance.now();
      const startCpu = process.cpuUsage();
      sink = await contender.run(chunks, text);
      const used = process.cpuUsage(startCpu);
      wall[i]?.push(performance.now() - start);
      cpu[i]?.push((used.user + used.system) / 1000);
    }
  }
  return { cpu: cpu.map((values) => median(values)), wall: wall.map((values) => median(values)) };
}

/**
 * Median CPU time per character of `contender` on each document, the documents alternating round
 * by round (CPU time, so other processes on a loaded machine do not count).
 */
async function measurePerChar(contender: Contender, chunks: string[][], texts: string[], runs: number) {
  const times = texts.map(() => [] as number[]);
  for (const [i, text] of texts.entries()) sink = await contender.run(chunks[i] as string[], text);
  for (let r = 0; r < runs; r++) {
    for (const [i, text] of texts.entries()) {
      sink = undefined;
      const start = process.cpuUsage();
      sink = await contender.run(chunks[i] as string[], text);
      const used = process.cpuUsage(start);
      times[i]?.push((used.user + used.system) / text.length);
    }
  }
  return times.map((values) => median(values));
}

const SIZES = [
  { label: '32 KB', bytes: 32 * 1024 },
  { label: '256 KB', bytes: 256 * 1024 },
  { label: '1 MB', bytes: 1024 * 1024 },
];
/** The instruction counts' probe and its modes (bench/json-probe.ts), each counted at 3 and 7 runs. */
const probe = join(import.meta.dirname, 'json-probe.ts');
const PROBE_MODES = ['parse-256k', 'stream-256k', 'parse-1m', 'stream-1m'] as const satisfies readonly JsonProbeMode[];
const FIRST_RUNS = 3;
const LAST_RUNS = 7;
/** A single run predicted longer than this is not measured (partial-json is quadratic). */
const MAX_RUN_MS = 60_000;

export default async function jsonBench(): Promise<void> {
  const linear = [floor, ours, oursEventsOnly, streamparser, jsonriver];
  const results = new Map<string, (number | undefined)[]>();
  const wallResults = new Map<string, number[]>();
  for (const contender of [...linear, partialJson]) results.set(contender.name, []);
  const documents = SIZES.map(({ bytes }) => benchDocument(bytes));
  const chunked = documents.map((text, i) => chunkText(text, i + 1));

  for (const [s, text] of documents.entries()) {
    const chunks = chunked[s] as string[];
    const medians = await measure(linear, chunks, text, [15, 9, 7][s] ?? 7);
    for (const [i, contender] of linear.entries()) {
      results.get(contender.name)?.push(medians.cpu[i]);
      wallResults.set(contender.name, [...(wallResults.get(contender.name) ?? []), medians.wall[i] ?? Number.NaN]);
    }
  }

  // partial-json: measure at half and full 32 KB, extrapolate quadratically, skip what is too slow.
  const small = documents[0] as string;
  const half = small.slice(0, small.length >> 1);
  const [halfMs = 0] = (await measure([partialJson], chunkText(half, 9), half, 3)).cpu;
  const [fullMs = 0] = (await measure([partialJson], chunked[0] as string[], small, 3)).cpu;
  const scaling = fullMs / halfMs;
  for (const [s, text] of documents.entries()) {
    const predicted = fullMs * (text.length / small.length) ** 2;
    const measured =
      s === 0
        ? fullMs
        : predicted <= MAX_RUN_MS
          ? (await measure([partialJson], chunked[s] as string[], text, 1)).cpu[0]
          : undefined;
    results.get(partialJson.name)?.push(measured);
  }

  const floorMs = results.get(floor.name) as number[];
  const cell = (ms: number | undefined, s: number) =>
    ms === undefined
      ? 'n/a (quadratic)'
      : `${ms.toFixed(ms < 10 ? 2 : 0)} ms (${(ms / (floorMs[s] ?? 1)).toFixed(1)}×)`;
  console.log('\n### JSON: stream in seeded 1–8 character chunks, read the current value after every chunk\n');
  console.log(
    `Documents: ${documents.map((text, s) => `${SIZES[s]?.label} = ${text.length} chars / ${chunked[s]?.length} chunks`).join('; ')}.`,
  );
  console.log(
    `Each cell: median CPU time (ratio to one JSON.parse of the whole text), contenders interleaved round by round. ` +
      `Load average during the run: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} CPUs.\n`,
  );
  console.log(`| contender | ${SIZES.map((size) => size.label).join(' | ')} | 1 MB ÷ 256 KB |`);
  console.log(`|---|${SIZES.map(() => '---:').join('|')}|---:|`);
  for (const [name, times] of results) {
    const [, mid, big] = times;
    const ratio = mid !== undefined && big !== undefined ? (big / mid).toFixed(2) : '—';
    console.log(`| ${name} | ${times.map((ms, s) => cell(ms, s)).join(' | ')} | ${ratio} |`);
  }
  const predicted256 = fullMs * ((documents[1] as string).length / small.length) ** 2;
  console.log(
    `\npartial-json scaling: 2× the text → ${scaling.toFixed(1)}× the time (every chunk re-parses all so far: O(n²)); ` +
      `a 256 KB run would take ≈ ${(predicted256 / 1000).toFixed(0)} s, over the ${MAX_RUN_MS / 1000} s cap.`,
  );
  const oursTimes = results.get(ours.name) as number[];
  const [, ours256 = 0, ours1m = 0] = oursTimes;
  // Wall-time ratios beside the CPU-time ones the targets judge (CPU time leaves out other processes).
  const wallRatio = (s: number) =>
    ((wallResults.get(ours.name)?.[s] ?? Number.NaN) / (wallResults.get(floor.name)?.[s] ?? Number.NaN)).toFixed(1);
  const fasterThanPeers = [streamparser, jsonriver].every((peer) =>
    oursTimes.every((ms, s) => ms < (results.get(peer.name)?.[s] ?? 0)),
  );
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
  // Linear means a constant time per character. The sizes are measured back to back here, in
  // interleaved rounds of CPU time, so load drift hits both alike; some cache and GC noise remains
  // (a 1 MB document no longer fits the caches a 256 KB one does), hence the 1.25× allowance.
  const [mid, big] = [documents[1] as string, documents[2] as string];
  const perChar = await measurePerChar(ours, [chunked[1] as string[], chunked[2] as string[]], [mid, big], 7);
  const growth = (perChar[1] ?? Number.NaN) / (perChar[0] ?? Number.NaN);
  const cpuRatios = [ours256 / (floorMs[1] ?? 1), ours1m / (floorMs[2] ?? 1)];
  const instructions = await instructionsPerRun(probe, PROBE_MODES, FIRST_RUNS, LAST_RUNS);
  const instructionRatios =
    typeof instructions === 'string'
      ? undefined
      : [
          instructions['stream-256k'] / instructions['parse-256k'],
          instructions['stream-1m'] / instructions['parse-1m'],
        ];
  if (typeof instructions !== 'string') {
    console.log(
      `\nInstructions per run (valgrind's callgrind, deterministic; the difference between processes doing it ${LAST_RUNS} and ${FIRST_RUNS} times):\n`,
    );
    console.log('| | 256 KB | 1 MB |');
    console.log('|---|---:|---:|');
    const m = (n: number) => `${(n / 1e6).toFixed(1)} M`;
    console.log(`| ${floor.name} | ${m(instructions['parse-256k'])} | ${m(instructions['parse-1m'])} |`);
    console.log(
      `| ${ours.name} | ${m(instructions['stream-256k'])} (${instructionRatios?.[0]?.toFixed(1)}×) | ${m(instructions['stream-1m'])} (${instructionRatios?.[1]?.toFixed(1)}×) |`,
    );
  }
  // The 15× target is judged on instructions when valgrind is there: CPU time on this shared
  // machine read 11.8× to 17.6× at 256 KB across runs of the same build (the floor is one 1 ms call).
  const within15 = (ratios: number[]) => ratios.every((ratio) => ratio <= 15);
  const floorVerdict =
    instructionRatios === undefined
      ? `CPU time (no valgrind: ${instructions as string}): ${check(within15(cpuRatios))}`
      : `instructions: ${check(within15(instructionRatios))} (CPU time ${cpuRatios.map((r) => `${r.toFixed(1)}×`).join(', ')}; wall ${wallRatio(1)}×, ${wallRatio(2)}×)`;
  console.log(
    `\nTargets: faster than both incremental peers at every size: ${check(fasterThanPeers)}; ` +
      `≤ 15× the floor at 256 KB and 1 MB, ${floorVerdict}; ` +
      `linear, time per character at 1 MB ≤ 1.25× that at 256 KB (CPU time, interleaved rounds: ${growth.toFixed(2)}×): ${check(growth <= 1.25)}.`,
  );
  await aiSdkTable();
  void sink;
}

/** The sizes of the side-by-side table against the AI SDK (its loop is quadratic: 256 KB ≈ 30 s). */
const AI_SDK_SIZES = [16, 64, 256];

/**
 * The real peer: the AI SDK's own per-chunk loop beside `createStreamParser`, a JSON report streamed
 * in 20-character chunks (a typical network chunk), CPU time, the peer measured once per size (it
 * takes seconds), ours the median of 5.
 */
async function aiSdkTable(): Promise<void> {
  console.log("\n### JSON: the AI SDK's useObject loop side by side (20-character chunks, CPU time)\n");
  console.log('| size | AI SDK loop | ours | AI SDK ÷ ours |');
  console.log('|---|---:|---:|---:|');
  for (const kb of AI_SDK_SIZES) {
    const text = benchDocument(kb * 1024);
    const chunks = chunkText(text, kb, 20, 20);
    // Warm for a while, not once: this table runs after minutes of idling while the instruction
    // counts ran, and V8 throws idle code away (one warm-up run left ours at 16 KB 10–20× slow).
    const warmUntil = performance.now() + 300;
    while (performance.now() < warmUntil) sink = await ours.run(chunks, text);
    const oursRuns: number[] = [];
    for (let r = 0; r < 5; r++) oursRuns.push(await cpuMs(ours, chunks, text));
    const oursMs = median(oursRuns);
    const theirsMs = await cpuMs(aiSdkUseObject, chunks, text);
    console.log(
      `| ${kb} KB | ${theirsMs.toFixed(0)} ms | ${oursMs.toFixed(1)} ms | ${(theirsMs / oursMs).toFixed(0)}× |`,
    );
  }
}
