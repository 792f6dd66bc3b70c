/**
 * What the response bench's modes copy to V8's old generation (decision 0028):
 * `npx tsx bench/promotion-probe.ts [mode …]` runs each mode of bench/response-probe.ts (`alone-150k`,
 * `bound-150k`, `feed-150k`, …) in its own process under `--trace-gc-nvp`, at 20 and at 60 runs, and
 * prints per run the bytes young collections promoted and kept, and their count: the difference of
 * the two processes, so start-up and the first runs' compiling cancel out. A finished response that
 * something old still points to is copied twice and promoted; this shows it where a heap snapshot
 * (taken after a full collection) cannot.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bundleProbe } from './instruction-count';
import type { ResponseProbeMode } from './response-probe';

const RUNS: [number, number] = [20, 60];

type YoungCollections = { scavenges: number; promoted: number; survived: number };

/** Sums the scavenges' `promoted` and `new_space_survived` in a `--trace-gc-nvp` log. */
function youngCollections(log: string): YoungCollections {
  const sum: YoungCollections = { scavenges: 0, promoted: 0, survived: 0 };
  for (const line of log.split('\n')) {
    if (!line.includes(' gc=s ')) continue;
    sum.scavenges++;
    sum.promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    sum.survived += Number(/ new_space_survived=(\d+)/.exec(line)?.[1] ?? 0);
  }
  return sum;
}

const modes = (
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['feed-150k', 'alone-150k', 'bound-150k']
) as ResponseProbeMode[];
const dir = mkdtempSync(join(tmpdir(), 'fieldstream-promotion-'));
try {
  const script = join(dir, 'probe.mjs');
  await bundleProbe(new URL('./response-probe.ts', import.meta.url).pathname, script);
  const run = async (mode: string, runs: number) =>
    youngCollections(
      (await promisify(execFile)('node', ['--trace-gc-nvp', script, mode, String(runs)], { maxBuffer: 1 << 28 }))
        .stdout,
    );
  console.log('| mode | promoted per run | survived per run | scavenges per run |\n|---|---:|---:|---:|');
  for (const mode of modes) {
    const [first, last] = [await run(mode, RUNS[0]), await run(mode, RUNS[1])];
    const per = (key: keyof YoungCollections) => (last[key] - first[key]) / (RUNS[1] - RUNS[0]);
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
    console.log(`| ${mode} | ${mb(per('promoted'))} | ${mb(per('survived'))} | ${per('scavenges').toFixed(2)} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
