/**
 * One memory or concurrency measurement, run by `memory.bench.ts` in a fresh `node --expose-gc`
 * process so earlier work cannot blur the heap. Prints one JSON line.
 */
import { Session } from 'node:inspector/promises';
import './register-formats';
import { createFieldStore, createResponse, createStreamParser, type Model } from '../packages/core/src/index';
import { scriptedModel } from '../packages/core/src/testing';
import { gcPauses } from './harness';
import { benchDocument } from './json-documents';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

const ANSWER_BYTES = 256 * 1024;
const CHUNK = 20;

function heapAfterGc(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * A model whose 20-character chunks arrive the way a network delivers them: in reads of ~4 KB
 * (200 chunks), each read in a task of its own (`setImmediate`, as an I/O callback), so 100
 * streams interleave read by read, not chunk by chunk.
 */
function readsModel(answer: string): Model {
  return async function* reads() {
    for (let at = 0, chunk = 0; at < answer.length; at += CHUNK, chunk++) {
      if (chunk % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
      yield { type: 'text', delta: answer.slice(at, at + CHUNK) };
    }
  };
}

/** The same model feeding the bare stream parser: no response, no store (the floor). */
async function parse(answer: string, reads = false): Promise<unknown[]> {
  const parser = createStreamParser({ format: 'json' });
  const model = reads ? readsModel(answer) : scriptedModel({ answers: [answer], chunkSize: CHUNK });
  const request = { attempt: 0, prompt: 'report' } as Parameters<Model>[0];
  for await (const event of model(request, { signal: new AbortController().signal })) {
    if (event.type === 'text') parser.push(event.delta);
  }
  parser.finish();
  return [parser];
}

async function respond(answer: string, withStore: boolean, reads = false): Promise<unknown[]> {
  const response = createResponse({
    model: reads ? readsModel(answer) : scriptedModel({ answers: [answer], chunkSize: CHUNK }),
    input: 'report',
    format: 'json',
  });
  const store = withStore ? createFieldStore(response) : undefined;
  response.start();
  await response.getData();
  return [response, store];
}

async function discard(run: () => Promise<unknown>): Promise<void> {
  await run();
}

/** What the measured run returns stays reachable from here while the heap is measured. */
const kept: unknown[] = [];

/**
 * Bytes still reachable from what `run` returns, after GC: the median of five measured runs (one
 * run now and then reads up to 1 MB high, on any version of the code).
 */
async function retained(run: () => Promise<unknown>): Promise<number> {
  // Warm-up (compiled code and lazily built tables are not the response's memory), in its own
  // frame: an awaited result can linger in the caller's frame and blur the baseline.
  await discard(run);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) samples.push(await retainedOnce(run));
  return samples.sort((a, b) => a - b)[2] as number;
}

/** One measured run, in its own frame so that no earlier result lingers in the baseline. */
async function retainedOnce(run: () => Promise<unknown>): Promise<number> {
  const before = heapAfterGc();
  kept.push(await run());
  const after = heapAfterGc();
  kept.length = 0;
  return after - before;
}

/**
 * Bytes allocated per run, collected objects included (V8's sampling heap profiler, one sample per
 * 4 KB on average): the garbage a run makes, which is what the young-generation collector pays for.
 */
async function allocated(run: () => Promise<unknown>, runs = 10): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < runs; i++) await run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  let bytes = 0;
  const stack = [profile.head];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    bytes += node.selfSize;
    stack.push(...node.children);
  }
  return bytes / runs;
}

const cases: Record<string, () => Promise<Record<string, number>>> = {
  async allocated() {
    const answer = benchDocument(ANSWER_BYTES);
    return {
      parser: await allocated(() => parse(answer)),
      response: await allocated(() => respond(answer, false)),
      responseStore: await allocated(() => respond(answer, true)),
    };
  },
  async retained() {
    const answer = benchDocument(ANSWER_BYTES);
    return {
      chars: answer.length,
      parser: await retained(async () => {
        const parser = createStreamParser({ format: 'json' });
        for (let i = 0; i < answer.length; i += CHUNK) parser.push(answer.slice(i, i + CHUNK));
        parser.finish();
        return parser;
      }),
      response: await retained(() => respond(answer, false)),
      responseStore: await retained(() => respond(answer, true)),
    };
  },

  /** A late `instant()` reader reads every replayed value of one long string: nothing quadratic stays. */
  async lateReader() {
    const answer = JSON.stringify({ body: 'lorem ipsum dolor sit amet, '.repeat(3000).slice(0, 80_000) });
    let events = 0;
    const bytes = await retained(async () => {
      const [response] = (await respond(answer, false)) as [ReturnType<typeof createResponse>];
      const seen: unknown[] = [];
      for await (const event of response.instant()) {
        if (typeof event.value === 'string') event.value.charCodeAt(0); // flattens a rope, if any
        seen.push(event);
      }
      events = seen.length;
      return [response, seen];
    });
    return { chars: answer.length, bytes, events };
  },

  /**
   * Time per response, one at a time and then `count` at once, with and without a store: wall
   * time and the process's CPU time (which other processes on a loaded machine do not inflate).
   */
  async concurrent() {
    const answer = benchDocument(ANSWER_BYTES);
    const count = 100;
    const result: Record<string, number> = { count };
    // Chunk by chunk (every stream's chunks in lockstep, the worst case for the CPU's caches),
    // and read by read (network-like reads, each with its own floor).
    const layers = ['parser', 'response', 'store'] as const;
    const variants = [false, true].flatMap((reads) => layers.map((layer) => ({ layer, reads })));
    for (const { layer, reads } of variants) {
      // `parser`, …, `storeReads`: the keys memory.bench.ts reads.
      const key = reads ? `${layer}Reads` : layer;
      const samples: Record<string, number[]> = {
        singleMs: [],
        singleCpuMs: [],
        singleGcMs: [],
        concurrentMs: [],
        concurrentCpuMs: [],
        concurrentGcMs: [],
      };
      const timed = async (name: string, runs: number, work: () => Promise<unknown>): Promise<void> => {
        const gcMs = gcPauses();
        const start = performance.now();
        const cpu = process.cpuUsage();
        await work();
        const used = process.cpuUsage(cpu);
        const wall = performance.now() - start;
        samples[`${name}Ms`]?.push(wall / runs);
        samples[`${name}CpuMs`]?.push((used.user + used.system) / 1000 / runs);
        samples[`${name}GcMs`]?.push(gcMs() / runs);
      };
      // Warm up to steady state first: a response's code takes ~10 runs to reach its optimised
      // tiers (CPU per run 300 → 140 → 90 → … → 47 ms here), and with one warm-up run the slow
      // first rounds sat in the single-run median, which made one at a time look slower than it is.
      const one = () => (layer === 'parser' ? parse(answer, reads) : respond(answer, layer === 'store', reads));
      for (let i = 0; i < 15; i++) await one();
      await Promise.all(Array.from({ length: count }, one));
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 5; i++) await timed('single', 1, one);
        await timed('concurrent', count, () => Promise.all(Array.from({ length: count }, one)));
      }
      for (const [name, values] of Object.entries(samples)) result[`${key}.${name}`] = median(values);
    }
    return result;
  },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

const name = process.argv[2] ?? '';
const run = cases[name];
if (run === undefined) throw new Error(`unknown case ${name}; one of ${Object.keys(cases).join(', ')}`);
console.log(JSON.stringify(await run()));
