/**
 * `npm run bench -- response`: a whole response (model → createResponse → every instant() event →
 * getData) over ~150 KB and ~600 KB JSON answers in 20-character chunks, beside the bare stream
 * parser on the same chunks. The model is a plain async stream of the pre-split chunks (what a
 * transport hands over), so the ratio is the response layer's own cost; the same response over
 * `scriptedModel` (which also splits the text and checks its signal per chunk) is shown too, and
 * so is the model feeding the bare parser with nothing else: what any consumer of an async stream
 * pays (the async steps and their garbage, collected while the parser's tree is alive), and the
 * same handing each patch through a bare queue to `for await`: what any one-by-one async reader of
 * the patches pays.
 */
import { join } from 'node:path';
import { createStreamParser, type StreamingData } from '../packages/core/src/index';
import { scriptedModel } from '../packages/core/src/testing';
import { chunkText, median, SOLO_TIMED_BATCHES, SOLO_WARM_UP_RUNS, timeBatch } from './harness';
import { steadyInstructions } from './instruction-count';
import { benchDocument } from './json-documents';
import type { ResponseProbeMode } from './response-probe';
import {
  CHUNKS_PER_FRAME,
  chunkModel,
  feedParser,
  pacedChunkModel,
  parseChunks,
  respondAlone,
  respondInstant,
  respondThenBind,
  respondToStore,
  respondToUi,
} from './response-store-path';
import { soloCpuTimes } from './solo-cpu';

type Contender = { name: string; run(): unknown };

/**
 * Runs per timed sample: a sample of the smaller answer spans as much allocation as one of the
 * larger, several young collections each, so each reads its own scavenges at their own rate.
 */
const BATCH: Readonly<Record<number, number>> = { 150000: 8, 600000: 2 };

/** The contenders the targets compare, timed again each in a process of its own (bench/solo-cpu.ts). */
const SOLO_KINDS = [
  ['parser', 'createStreamParser (floor)'],
  ['feed', 'the model feeding the parser (no response)'],
  ['alone', 'createResponse + getData() (no reader)'],
  ['instant', 'createResponse + instant() + getData()'],
  ['bound', 'createResponse bound to createFieldStore + getData()'],
] as const;
const SOLO_MODES = SOLO_KINDS.flatMap(
  ([kind]) => [`${kind}-150k`, `${kind}-600k`] as const,
) satisfies readonly ResponseProbeMode[];
const SOLO_ROUNDS = 5;

/**
 * The least an async reader of patches costs, with no response at all: the model feeding the
 * parser, each patch handed through a bare queue to a `for await` reader. Any API that yields
 * patches one by one to `for await` pays this much; `instant()` is measured against it.
 */
async function bareChannel(chunks: readonly string[]): Promise<number> {
  const queue: StreamingData[] = [];
  let head = 0;
  let waiting: ((result: IteratorResult<StreamingData, undefined>) => void) | undefined;
  let closed = false;
  const reader: AsyncIterableIterator<StreamingData, undefined> = {
    next() {
      if (head < queue.length) return Promise.resolve({ value: queue[head++] as StreamingData, done: false });
      if (closed) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  const add = (patches: readonly StreamingData[]): void => {
    for (const patch of patches) {
      const wake = waiting;
      waiting = undefined;
      if (wake === undefined) queue.push(patch);
      else wake({ value: patch, done: false });
    }
  };
  const pump = (async () => {
    const parser = createStreamParser({ format: 'json' });
    for await (const event of chunkModel(chunks)({} as never, { signal: new AbortController().signal })) {
      if (event.type === 'text') add(parser.push(event.delta));
    }
    add(parser.finish());
    closed = true;
    waiting?.({ value: undefined, done: true });
  })();
  let events = 0;
  for await (const _ of reader) events++;
  await pump;
  return events;
}

let sink: unknown;

/**
 * Median wall and CPU time of each contender per answer, over `runs` interleaved rounds after
 * eight warm-up rounds. A round times `batch[i]` consecutive runs of contender `i`, starting with
 * an empty young generation (`clearNursery`), and divides by their number: the collections inside
 * are the ones that contender's own allocation causes, at their own rate, and none is left over
 * for the next contender to pay (decision 0028's ninth-session section). CPU time (the process's,
 * GC threads included) is what the ratios use: other processes on a loaded machine do not count
 * in it.
 */
async function measure(
  contenders: readonly Contender[],
  batch: readonly number[],
  runs = 9,
): Promise<{ wall: number; cpu: number; gc: number }[]> {
  const wall = contenders.map(() => [] as number[]);
  const cpu = contenders.map(() => [] as number[]);
  const gc = contenders.map(() => [] as number[]);
  // Warm-up to steady state: the response's code takes several runs to reach its optimised tiers
  // (one warm-up run left the first rounds ~30 % slow inside the medians).
  for (let warm = 0; warm < 8; warm++) for (const contender of contenders) sink = await contender.run();
  for (let round = 0; round < runs; round++) {
    for (const [i, contender] of contenders.entries()) {
      const time = await timeBatch(contender.run, batch[i] ?? 1);
      wall[i]?.push(time.wall);
      cpu[i]?.push(time.cpu);
      gc[i]?.push(time.gc);
    }
  }
  return contenders.map((_, i) => ({
    wall: median(wall[i] ?? []),
    cpu: median(cpu[i] ?? []),
    gc: median(gc[i] ?? []),
  }));
}

export default async function responseBench(): Promise<void> {
  const responsePerChar: number[] = [];
  const ratios: number[] = [];
  const storeRatios: number[] = [];
  const listenedRatios: number[] = [];
  const uiRatios: number[] = [];
  /** Each size's answer length as the tables title it (`171 KB`). */
  const sizeLabels: string[] = [];
  const overModelLoop: number[] = [];
  const overChannel: number[] = [];
  for (const size of [150_000, 600_000]) {
    const answer = benchDocument(size);
    const chunks = chunkText(answer, 7, 20, 20);
    const contenders: Contender[] = [
      {
        name: 'createStreamParser (floor)',
        run: () => parseChunks(chunks),
      },
      {
        name: 'the model alone (async stream of the chunks)',
        async run() {
          let count = 0;
          for await (const _ of chunkModel(chunks)({} as never, { signal: new AbortController().signal })) count++;
          return count;
        },
      },
      { name: 'the model feeding the parser (no response)', run: () => feedParser(chunkModel(chunks)) },
      {
        name: 'the model feeding the parser, patches through a bare queue to for await (no response)',
        run: () => bareChannel(chunks),
      },
      { name: 'createResponse + instant() + getData()', run: () => respondInstant(chunkModel(chunks)) },
      { name: 'createResponse + getData() (no reader)', run: () => respondAlone(chunkModel(chunks)) },
      { name: 'createResponse bound to createFieldStore + getData()', run: () => respondToStore(chunkModel(chunks)) },
      {
        name: 'the same with a store subscriber that hears every chunk (one update per chunk)',
        run: () => respondToStore(chunkModel(chunks), true),
      },
      {
        name: `the same as a UI reads it: path subscribers reading once per ${CHUNKS_PER_FRAME} chunks (onPending), the model paced by those frames`,
        run: () => respondToUi(pacedChunkModel(chunks)),
      },
      {
        name: 'the instant() reader over scriptedModel',
        run: () => respondInstant(scriptedModel({ answers: [answer], chunkSize: 20 })),
      },
      {
        name: 'createResponse + getData(), then a store bound to it (the history replayed in one update)',
        run: () => respondThenBind(chunkModel(chunks)),
      },
    ];
    const medians = await measure(
      contenders,
      contenders.map(() => BATCH[size] ?? 1),
    );
    const floor = medians[0]?.cpu ?? Number.NaN;
    sizeLabels.push(`${Math.round(answer.length / 1000)} KB`);
    console.log(`\n### Response vs bare parser, ${sizeLabels.at(-1)} JSON in 20-char chunks\n`);
    console.log(
      '| contender | median wall ms per answer | median CPU ms per answer | median GC ms per answer (main thread) | × parser (CPU) |',
    );
    console.log('|---|---:|---:|---:|---:|');
    for (const [i, contender] of contenders.entries()) {
      const { wall, cpu, gc } = medians[i] ?? { wall: Number.NaN, cpu: Number.NaN, gc: Number.NaN };
      console.log(
        `| ${contender.name} | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | ${gc.toFixed(2)} | ${(cpu / floor).toFixed(2)} |`,
      );
    }
    const responseMs = medians[4]?.cpu ?? Number.NaN;
    ratios.push(responseMs / floor);
    storeRatios.push((medians[6]?.cpu ?? Number.NaN) / floor);
    listenedRatios.push((medians[7]?.cpu ?? Number.NaN) / floor);
    uiRatios.push((medians[8]?.cpu ?? Number.NaN) / floor);
    overModelLoop.push(responseMs / (medians[2]?.cpu ?? Number.NaN));
    overChannel.push(responseMs / (medians[3]?.cpu ?? Number.NaN));
  }
  // Linearity from one set of interleaved rounds over both sizes: measured apart, each size's
  // figure carries its own heap and machine state (cold code had made the small size look slow).
  const sizes = [150_000, 600_000].map((size) => chunkText(benchDocument(size), 7, 20, 20));
  const perSize = await measure(
    sizes.map((chunks) => ({ name: '', run: () => respondInstant(chunkModel(chunks)) })),
    [150_000, 600_000].map((size) => BATCH[size] ?? 1),
  );
  for (const [i, chunks] of sizes.entries()) {
    responsePerChar.push((perSize[i]?.cpu ?? Number.NaN) / chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  }
  const growth = (responsePerChar[1] ?? Number.NaN) / (responsePerChar[0] ?? Number.NaN);
  // The targets' ratios, each contender in a process of its own (bench/solo-cpu.ts): in the rounds
  // above, the heavier contenders' old-generation marking ran inside the parser's runs.
  const probe = join(import.meta.dirname, 'response-probe.ts');
  const solo = await soloCpuTimes(
    probe,
    SOLO_MODES,
    (mode) => BATCH[mode.endsWith('150k') ? 150_000 : 600_000] ?? 1,
    SOLO_ROUNDS,
  );
  const soloRatio = (mode: 'feed' | 'alone' | 'instant' | 'bound', i: number) => {
    const size = i === 0 ? '150k' : '600k';
    return solo[`${mode}-${size}`].cpuMs / solo[`parser-${size}`].cpuMs;
  };
  console.log(
    `\n### The targets' contenders, each in a process of its own\n\n` +
      `Median CPU ms per answer over ${SOLO_ROUNDS} processes per contender, launched one at a time in turn; in each, ` +
      `the median of ${SOLO_TIMED_BATCHES} batches from an empty young generation after ${SOLO_WARM_UP_RUNS} warm-up runs (each process's figure in brackets).\n`,
  );
  console.log(`| contender | ${sizeLabels.join(' | ')} |`);
  console.log(`|---|${sizeLabels.map(() => '---:|').join('')}`);
  for (const [kind, name] of SOLO_KINDS) {
    const cells = ['150k', '600k'].map((size) => {
      const { cpuMs, processes } = solo[`${kind}-${size}` as (typeof SOLO_MODES)[number]];
      const floor = solo[`parser-${size}` as (typeof SOLO_MODES)[number]].cpuMs;
      return `${cpuMs.toFixed(2)} (${processes.map((ms) => ms.toFixed(2)).join(', ')}) ${(cpuMs / floor).toFixed(2)}×`;
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  const soloInstant = [0, 1].map((i) => soloRatio('instant', i));
  const soloBound = [0, 1].map((i) => soloRatio('bound', i));
  const worst = Math.max(...soloInstant);
  console.log(
    `\nTargets (CPU time, each contender in a process of its own): response ≤ 2× the parser at both sizes (${soloInstant.map((r) => `${r.toFixed(2)}×`).join(', ')}; ` +
      `in one process with the other contenders: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}): ` +
      `${worst <= 2 ? 'met' : 'MISSED'}; linear, time per char at 600 KB ≤ 1.25× that at 150 KB (interleaved rounds) ` +
      `(${growth.toFixed(2)}×): ${growth <= 1.25 ? 'met' : 'MISSED'}. The response ÷ the model feeding the parser: ` +
      `${overModelLoop.map((r) => `${r.toFixed(2)}×`).join(', ')} (its own cost, the async stream set apart); ` +
      `÷ the bare queue to for await: ${overChannel.map((r) => `${r.toFixed(2)}×`).join(', ')} (below 1: instant() costs ` +
      'less than the plainest async reader of the same patches).',
  );
  // Judged in CPU time, the measure the issue names. Instructions (callgrind, when valgrind is
  // there) are printed beside it as the figure that does not move with the machine: until every
  // finished response stopped being promoted by the scavenger (decision 0028), CPU time read the
  // 171 KB ratio anywhere from 3.9× to 7.8× across runs of one build; since, within ~0.2×, and the
  // floor took in collections the heavier contenders caused (669 KB read 1.94× once). Timed in
  // batches from an empty young generation, three runs of the same rounds agreed within ~0.2×.
  // Each size is counted over a window that starts once the runs are steady (decision 0026): runs
  // 6 to 12 at 171 KB still held the bound response's last tier-ups and the heap's first
  // mark-compact, which read as +40 M per run on the response alone (3.05× instead of 2.06×). A
  // later mark-compact (one per several runs of the larger answer, placed by the heap's timers, so
  // not the same in every process) falls in one half of a window or the other: the halves are
  // printed beside each ratio. (`--predictable-gc-schedule` would place it alike every time, but
  // with a fixed young generation it read the store-bound run at 1 077 M instead of ~650 M.)
  const small = await steadyInstructions(
    probe,
    [
      'parser-150k',
      'feed-150k',
      'alone-150k',
      'bound-150k',
      'listen-150k',
      'ui-150k',
    ] as const satisfies readonly ResponseProbeMode[],
    12,
    24,
    36,
  );
  // At 669 KB both are counted over runs 6 to 30, side by side: a mark-compact of that heap comes
  // every several runs and costs ~40 M, so a shorter window reads where it fell (the bound response
  // over runs 6–12 / 12–18 read 366 M / 406 M once the store wrote whole containers, decision 0027).
  const large =
    typeof small === 'string'
      ? small
      : await Promise.all([
          steadyInstructions(probe, ['parser-600k'] as const satisfies readonly ResponseProbeMode[], 6, 18, 30),
          steadyInstructions(probe, ['bound-600k'] as const satisfies readonly ResponseProbeMode[], 6, 18, 30),
        ]).then(([parser, bound]) =>
          typeof parser === 'string' ? parser : typeof bound === 'string' ? bound : { ...parser, ...bound },
        );
  // Where each size's ratio goes, in the same processes: reading the async model stream before a
  // response exists, the response itself, then the store (the bound response minus the response alone).
  const cpuSplit = [0, 1]
    .map((i) => {
      const [feed, alone, bound] = [soloRatio('feed', i), soloRatio('alone', i), soloRatio('bound', i)];
      return `${sizeLabels[i]}: the model feeding the parser ${feed.toFixed(2)}×, the response alone ${alone.toFixed(2)}×, the store's own share ${(bound - alone).toFixed(2)}×`;
    })
    .join('; ');
  const cpuSays =
    'in CPU time, each contender in a process of its own: ' +
    soloBound.map((r, i) => `${sizeLabels[i]} ${r.toFixed(2)}× ${r <= 3 ? 'met' : 'MISSED'}`).join(', ') +
    ` (${cpuSplit}; in one process with the other contenders: ${storeRatios.map((r) => `${r.toFixed(2)}×`).join(', ')})`;
  let verdict: string;
  if (typeof small === 'string' || typeof large === 'string') {
    verdict = `${cpuSays} (instructions not counted: ${typeof small === 'string' ? small : large})`;
  } else {
    const counts = { ...small, ...large };
    type Counted = keyof typeof counts;
    const ratio = (mode: Counted, floor: Counted) => counts[mode].perRun / counts[floor].perRun;
    const instructionRatios = [ratio('bound-150k', 'parser-150k'), ratio('bound-600k', 'parser-600k')];
    const m = (n: number) => `${(n / 1e6).toFixed(0)} M`;
    const halves = (mode: Counted) => counts[mode].halves.map(m).join(' / ');
    verdict =
      `${cpuSays} (instructions per run, valgrind's callgrind: ${m(counts['bound-150k'].perRun)} vs ${m(counts['parser-150k'].perRun)}, ` +
      `${m(counts['bound-600k'].perRun)} vs ${m(counts['parser-600k'].perRun)}: ${instructionRatios.map((r) => `${r.toFixed(2)}×`).join(', ')}, ` +
      `${Math.max(...instructionRatios) <= 3 ? 'both under' : 'not both under'} 3×). ` +
      // Where the 171 KB figure goes, in the same counts: what reading the async model stream costs
      // before a response does anything, then the response itself, then the store.
      `At 171 KB, × the parser: the model feeding the parser ${ratio('feed-150k', 'parser-150k').toFixed(2)}×, ` +
      `the response alone ${ratio('alone-150k', 'parser-150k').toFixed(2)}×, bound to a store ` +
      `${ratio('bound-150k', 'parser-150k').toFixed(2)}×; with a subscriber that hears every chunk ` +
      `${ratio('listen-150k', 'parser-150k').toFixed(2)}× (${m(counts['listen-150k'].perRun)}), as a UI reads it (path ` +
      `subscribers with onPending, one read per ${CHUNKS_PER_FRAME} chunks) ${ratio('ui-150k', 'parser-150k').toFixed(2)}× ` +
      `(${m(counts['ui-150k'].perRun)}). Each window's halves (171 KB: runs 12–24 / 24–36; ` +
      `669 KB: runs 6–18 / 18–30): parser ${halves('parser-150k')}, bound ${halves('bound-150k')}; ` +
      `parser ${halves('parser-600k')}, bound ${halves('bound-600k')}`;
  }
  console.log(
    `\nIssue 29 target 2: a response bound to a store ≤ 3× the parser at both sizes, ${verdict}. ` +
      `With a subscriber that hears every chunk (every chunk its own update and snapshot): ${listenedRatios.map((r) => `${r.toFixed(2)}×`).join(', ')} in CPU time; ` +
      `as a UI reads it (once per ${CHUNKS_PER_FRAME} chunks): ${uiRatios.map((r) => `${r.toFixed(2)}×`).join(', ')}.`,
  );
  void sink;
}
