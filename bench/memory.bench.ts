/**
 * `npm run bench -- memory`: what a 256 KB answer keeps alive after GC (bare parser, response,
 * response + field store) and how much it allocates on the way, what a late `instant()` reader
 * keeps after reading every value of an 80 KB string, and the time per response of 100
 * concurrent responses against one at a time.
 * Each measurement runs in a fresh `node --expose-gc` process (bench/memory-probe.ts).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './harness';

const probe = join(import.meta.dirname, 'memory-probe.ts');

function measure<T>(name: string): T {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', probe, name], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as T;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
/** Fresh processes the concurrency probe runs in. */
const PROCESSES = 3;

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

  // Three fresh processes: one run's ratio moves by a third on this kind of machine.
  const runs = Array.from({ length: PROCESSES }, () => measure<Record<string, number>>('concurrent'));
  const cell = (key: string, name: string) => median(runs.map((run) => run[`${key}.${name}`] ?? Number.NaN));
  const ratios = (key: string) =>
    runs.map((run) => (run[`${key}.concurrentCpuMs`] ?? Number.NaN) / (run[`${key}.singleCpuMs`] ?? Number.NaN));
  console.log(
    `\n### Concurrency: time per 256 KB response, ${runs[0]?.count} at once vs one at a time ` +
      `(each figure the median of ${PROCESSES} fresh processes)\n`,
  );
  console.log(
    '| run | one at a time: wall / CPU / GC ms | 100 at once: wall / CPU / GC ms per response | ratio (CPU): median (range) |',
  );
  console.log('|---|---:|---:|---:|');
  const rows = [
    ['the model feeding the bare stream parser (no response, no store: the floor)', 'parser'],
    ['createResponse', 'response'],
    ['createResponse + createFieldStore', 'store'],
    ['network-like reads: the model feeding the bare stream parser (the floor)', 'parserReads'],
    ['network-like reads: createResponse', 'responseReads'],
    ['network-like reads: createResponse + createFieldStore', 'storeReads'],
  ] as const;
  const figures = (key: string, mode: string) =>
    ['Ms', 'CpuMs', 'GcMs'].map((unit) => cell(key, `${mode}${unit}`).toFixed(1)).join(' / ');
  for (const [label, key] of rows) {
    const each = ratios(key);
    const range = `${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)}`;
    console.log(
      `| ${label} | ${figures(key, 'single')} | ${figures(key, 'concurrent')} | ${median(each).toFixed(2)} (${range}) |`,
    );
  }
  const ratio = median(ratios('store'));
  const readsRatio = median(ratios('storeReads'));
  const floor = median(ratios('parser'));
  const readsFloor = median(ratios('parserReads'));
  console.log(
    '\nAll after warming up to steady state. The first three rows run every stream chunk by chunk in ' +
      'lockstep (each chunk of one stream follows a chunk of each of the 99 others: the worst case for ' +
      'the CPU caches); the last three deliver each stream in reads of 200 chunks (~4 KB), one task per ' +
      `read, as chunks arrive from a network. The bare parser's own ratios (${floor.toFixed(2)}× in ` +
      `lockstep, ${readsFloor.toFixed(2)}× by reads) are what 100 live parse trees cost on this machine ` +
      'before any response or store exists.',
  );
  console.log(
    `\nTargets: response + store ≤ 3 MB (${mb(kept.responseStore)}): ${check(kept.responseStore <= 3e6)}; ` +
      `${runs[0]?.count} concurrent responses (+ store) ≤ 1.2× one at a time (CPU time, lockstep ${ratio.toFixed(2)}×, ` +
      `network-like reads ${readsRatio.toFixed(2)}×): ${check(Math.max(ratio, readsRatio) <= 1.2)}.`,
  );
}
