/** A tiny benchmark harness: medians of repeated runs, reported as ratios to a floor. */
import { GCProfiler, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { seededRandom } from '@fieldstream/core/testing';

// The suites draw their seeded chunkings from the same PRNG as the scripted model and the tests.
export { seededRandom };

export type Contender = {
  name: string;
  /** Runs the whole workload once. Returns anything, so the work cannot be optimised away. */
  run(): unknown;
};

export type Measurement = { name: string; medianMs: number; runs: number };

let sink: unknown;

/** Runs each contender `runs` times (after one warm-up), interleaved so drift hits all alike. */
export function measure(contenders: readonly Contender[], runs = 7): Measurement[] {
  const times = contenders.map(() => [] as number[]);
  for (const contender of contenders) sink = contender.run();
  for (let r = 0; r < runs; r++) {
    contenders.forEach((contender, i) => {
      const start = performance.now();
      sink = contender.run();
      times[i]?.push(performance.now() - start);
    });
  }
  void sink;
  return contenders.map((contender, i) => ({ name: contender.name, medianMs: median(times[i] ?? []), runs }));
}

// V8's `gc()`, exposed from here (no `--expose-gc` on the command line): the flag makes new contexts get it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options?: { type: 'minor' }) => void;

/**
 * Empties the young generation before a timed run, so the scavenges inside the run are the ones
 * its own allocation causes, copying its own live objects. Interleaved contenders otherwise hand
 * each other a nearly full nursery: a light contender (the bare parser) absorbs collections a
 * heavy one (a response bound to a store) brought about, which flatters the heavy one's ratio
 * (decision 0028's ninth-session section).
 */
export function clearNursery(): void {
  collect({ type: 'minor' });
}

/** Per run of a batch timed from an empty young generation: wall, CPU (the process's) and main-thread GC ms. */
export type BatchTime = { wall: number; cpu: number; gc: number };

/**
 * Times `count` consecutive runs of `run` from an empty young generation (`clearNursery`) and
 * divides by `count`: the collections inside are the ones the runs' own allocation causes, at
 * their own rate (decision 0028's ninth-session section). Shared by the response bench's rounds
 * and its probe's processes, so both time a sample alike.
 */
export async function timeBatch(run: () => unknown, count: number): Promise<BatchTime> {
  clearNursery();
  const gcMs = gcPauses();
  const start = performance.now();
  const startCpu = process.cpuUsage();
  for (let i = 0; i < count; i++) sink = await run();
  const used = process.cpuUsage(startCpu);
  return {
    wall: (performance.now() - start) / count,
    cpu: (used.user + used.system) / 1000 / count,
    gc: gcMs() / count,
  };
}

/** A contender timed in a process of its own (bench/solo-cpu.ts): warm-up runs, then timed batches. */
export const SOLO_WARM_UP_RUNS = 16;
export const SOLO_TIMED_BATCHES = 15;

/**
 * Starts counting the main thread's GC pauses (V8's own accounting of each collection); the
 * returned function stops and gives their total in ms: the collector's share of a timed run.
 */
export function gcPauses(): () => number {
  const profiler = new GCProfiler();
  profiler.start();
  return () => profiler.stop().statistics.reduce((sum, collection) => sum + collection.cost, 0) / 1000;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Prints a markdown table: one row per measurement with its ratio to `floorName`. */
export function printTable(title: string, rows: readonly Measurement[], floorName: string, bytes?: number): void {
  const floor = rows.find((row) => row.name === floorName)?.medianMs ?? Number.NaN;
  console.log(`\n### ${title}\n`);
  console.log(`| contender | median ms | × ${floorName} |${bytes ? ' MB/s |' : ''}`);
  console.log(`|---|---:|---:|${bytes ? '---:|' : ''}`);
  for (const row of rows) {
    const rate = bytes ? ` ${(bytes / 1e6 / (row.medianMs / 1000)).toFixed(1)} |` : '';
    console.log(`| ${row.name} | ${row.medianMs.toFixed(2)} | ${(row.medianMs / floor).toFixed(1)} |${rate}`);
  }
}

/** Splits `text` into chunks of `min`–`max` characters, seeded. */
export function chunkText(text: string, seed: number, min = 1, max = 8): string[] {
  const random = seededRandom(seed);
  const chunks: string[] = [];
  for (let i = 0; i < text.length; ) {
    const size = min + Math.floor(random() * (max - min + 1));
    chunks.push(text.slice(i, i + size));
    i += size;
  }
  return chunks;
}
