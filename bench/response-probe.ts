/**
 * The response bench's probe, run in a process of its own. `<mode> <runs>` (for instruction counts,
 * bench/instruction-count.ts) runs the bare parser (`parser-*`), the async model stream feeding it
 * (`feed-*`), the response alone (`alone-*`), the response read through `instant()` (`instant-*`),
 * a response bound to a store (`bound-*`), the same with a subscriber that hears every chunk
 * (`listen-*`) or with a UI's path subscribers that read once per frame (`ui-*`, the model paced by
 * frames) over the bench's 150k or 600k answer in 20-character chunks `runs` times, and prints
 * nothing. `<mode> time <batch>` (bench/solo-cpu.ts) warms the mode up, then prints the median CPU
 * time per answer of batches of `batch` runs, each from an empty young generation.
 */
import { chunkText, median, SOLO_TIMED_BATCHES, SOLO_WARM_UP_RUNS, timeBatch } from './harness';
import { benchDocument } from './json-documents';
import {
  chunkModel,
  feedParser,
  pacedChunkModel,
  parseChunks,
  respondAlone,
  respondInstant,
  respondToStore,
  respondToUi,
} from './response-store-path';

/** The bench's two answer sizes (its 171 KB and 669 KB tables). */
const SIZES = { '150k': 150_000, '600k': 600_000 };
const KINDS = ['parser', 'feed', 'alone', 'instant', 'bound', 'listen', 'ui'] as const;
export type ResponseProbeMode = `${(typeof KINDS)[number]}-${keyof typeof SIZES}`;

const [mode = '', count = '1', batch = '1'] = process.argv.slice(2);
const [kind, size] = mode.split('-') as [(typeof KINDS)[number], keyof typeof SIZES];
if (!KINDS.includes(kind) || SIZES[size] === undefined) throw new Error(`mode: ${mode}?`);
const chunks = chunkText(benchDocument(SIZES[size]), 7, 20, 20);

async function run(): Promise<void> {
  if (kind === 'parser') parseChunks(chunks);
  else if (kind === 'feed') await feedParser(chunkModel(chunks));
  else if (kind === 'alone') await respondAlone(chunkModel(chunks));
  else if (kind === 'instant') await respondInstant(chunkModel(chunks));
  else if (kind === 'listen') await respondToStore(chunkModel(chunks), true);
  else if (kind === 'ui') await respondToUi(pacedChunkModel(chunks));
  else if ((await respondToStore(chunkModel(chunks))) !== 0) throw new Error('the bound response did not end done');
}

if (count === 'time') {
  // Warm-up first: the code reaches its optimised tiers and the heap its steady size.
  for (let r = 0; r < SOLO_WARM_UP_RUNS; r++) await run();
  const perAnswer: number[] = [];
  for (let b = 0; b < SOLO_TIMED_BATCHES; b++) perAnswer.push((await timeBatch(run, Number(batch))).cpu);
  console.log(JSON.stringify({ mode, cpuMs: median(perAnswer) }));
} else {
  for (let r = 0; r < Number(count); r++) await run();
}
