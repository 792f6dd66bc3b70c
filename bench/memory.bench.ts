/**
 * `npm run bench -- memory`: what a 256 KB answer keeps alive after GC (bare parser, response,
 * response + field store), what a late `instant()` reader keeps after reading every value of an
 * 80 KB string, and the time per response of 100 concurrent responses against one at a time.
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

  const late = measure<{ chars: number; bytes: number; events: number }>('lateReader');
  console.log(
    `\nA late instant() reader of one ${Math.round(late.chars / 1000)} KB string gets ${late.events} compact ` +
      `events and, reading every value, keeps ${mb(late.bytes)} MB alive (response included).`,
  );

  const time = measure<Record<string, number>>('concurrent');
  const row = (key: string) => ({
    single: time[`${key}SingleMs`] ?? Number.NaN,
    many: time[`${key}ConcurrentMs`] ?? Number.NaN,
  });
  const plain = row('response');
  const stored = row('store');
  console.log(`\n### Concurrency: wall time per 256 KB response, ${time.count} at once vs one at a time (medians)\n`);
  console.log(`| run | one at a time, ms | ${time.count} at once, ms per response | ratio |`);
  console.log('|---|---:|---:|---:|');
  const rows = [
    ['createResponse', plain],
    ['createResponse + createFieldStore', stored],
  ] as const;
  for (const [name, t] of rows) {
    console.log(`| ${name} | ${t.single.toFixed(1)} | ${t.many.toFixed(1)} | ${(t.many / t.single).toFixed(2)} |`);
  }
  const ratio = stored.many / stored.single;
  console.log(
    `\nTargets: response + store ≤ 3 MB (${mb(kept.responseStore)}): ${check(kept.responseStore <= 3e6)}; ` +
      `${time.count} concurrent responses (+ store) ≤ 1.2× one at a time (${ratio.toFixed(2)}×): ${check(ratio <= 1.2)}.`,
  );
}
