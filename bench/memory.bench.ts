/**
 * `npm run bench -- memory`: what a 256 KB answer keeps alive after GC (bare parser, response,
 * response + field store) and how much it allocates on the way, what a late `instant()` reader
 * keeps after reading every value of an 80 KB string, and the time per response of 100
 * concurrent responses against one at a time.
 * Each measurement runs in a fresh `node --expose-gc` process (bench/memory-probe.ts).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const probe = join(import.meta.dirname, 'memory-probe.ts');

function measure<T>(name: string): T {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', probe, name], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as T;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
const check = (ok: boolean) => (ok ? 'met' : 'MISSED');

export default function memoryBench(): void {
  const kept = measure<{ chars: number; parser: number; response: number; responseStore: number }>('retained');
  console.log(`\n### Memory: a 256 KB JSON answer (${kept.chars} chars, 20-char chunks), retained after GC\n`);
  console.log('| what stays alive | MB |');
  console.log('|---|---:|');
  console.log(`| bare stream parser (after finish) | ${mb(kept.parser)} |`);
  console.log(`| createResponse, settled | ${mb(kept.response)} |`);
  console.log(`| createResponse + createFieldStore, settled | ${mb(kept.responseStore)} |`);

  const made = measure<{ parser: number; response: number; responseStore: number }>('allocated');
  console.log('\n| allocated per answer (garbage included; sampling heap profiler) | MB |');
  console.log('|---|---:|');
  console.log(`| the model feeding the bare stream parser | ${mb(made.parser)} |`);
  console.log(`| createResponse | ${mb(made.response)} |`);
  console.log(`| createResponse + createFieldStore | ${mb(made.responseStore)} |`);

  const late = measure<{ chars: number; bytes: number; events: number }>('lateReader');
  console.log(
    `\nA late instant() reader of one ${Math.round(late.chars / 1000)} KB string gets ${late.events} compact ` +
      `events and, reading every value, keeps ${mb(late.bytes)} MB alive (response included).`,
  );

  const time = measure<Record<string, number>>('concurrent');
  const cell = (key: string, name: string) => time[`${key}.${name}`] ?? Number.NaN;
  console.log(`\n### Concurrency: time per 256 KB response, ${time.count} at once vs one at a time (medians)\n`);
  console.log('| run | one at a time: wall / CPU ms | 100 at once: wall / CPU ms per response | ratio (CPU) |');
  console.log('|---|---:|---:|---:|');
  const rows = [
    ['the model feeding the bare stream parser (no response, no store: the floor)', 'parser'],
    ['createResponse', 'response'],
    ['createResponse + createFieldStore', 'store'],
    ['createResponse + createFieldStore, chunks in ~4 KB network-like reads', 'storeReads'],
  ] as const;
  for (const [label, key] of rows) {
    const single = `${cell(key, 'singleMs').toFixed(1)} / ${cell(key, 'singleCpuMs').toFixed(1)}`;
    const many = `${cell(key, 'concurrentMs').toFixed(1)} / ${cell(key, 'concurrentCpuMs').toFixed(1)}`;
    const ratio = cell(key, 'concurrentCpuMs') / cell(key, 'singleCpuMs');
    console.log(`| ${label} | ${single} | ${many} | ${ratio.toFixed(2)} |`);
  }
  const ratio = cell('store', 'concurrentCpuMs') / cell('store', 'singleCpuMs');
  const floor = cell('parser', 'concurrentCpuMs') / cell('parser', 'singleCpuMs');
  console.log(
    '\nAll after warming up to steady state. The first three rows run every stream chunk by chunk in ' +
      'lockstep (each chunk of one stream follows a chunk of each of the 99 others: the worst case for ' +
      'the CPU caches); the last one delivers each stream in reads of 200 chunks, one task per read, ' +
      `as chunks arrive from a network. The bare parser's own ratio (${floor.toFixed(2)}×) is what 100 ` +
      'live parse trees cost on this machine before any response or store exists.',
  );
  console.log(
    `\nTargets: response + store ≤ 3 MB (${mb(kept.responseStore)}): ${check(kept.responseStore <= 3e6)}; ` +
      `${time.count} concurrent responses (+ store) ≤ 1.2× one at a time (CPU time, ${ratio.toFixed(2)}×): ${check(ratio <= 1.2)}.`,
  );
}
