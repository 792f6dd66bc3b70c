/**
 * CPU time per run with each contender in a process of its own. In one process, contenders that
 * promote megabytes per run (a store a subscriber hears per chunk, a store bound late) start the
 * old generation's incremental marking, whose steps then run inside whoever allocates next: the
 * bare parser's 669 KB floor read 9.9–10.0 ms beside them against 8.6–8.7 ms beside the three
 * contenders of the ratio alone, while the bound response read the same (decision 0028's
 * tenth-session section). Alone in a process, every collection a run pays is its own.
 *
 * A probe script takes `<mode> time <batch>`, warms up, and prints `{"cpuMs": …}`: the median per
 * run over batches of `batch` runs, each from an empty young generation (bench/response-probe.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { median } from './harness';
import { bundleProbe } from './instruction-count';

const execFileAsync = promisify(execFile);

/** Each mode's CPU time per run: the median over `rounds` processes, launched one at a time, modes in turn. */
export async function soloCpuTimes<Mode extends string>(
  probe: string,
  modes: readonly Mode[],
  batchOf: (mode: Mode) => number,
  rounds: number,
): Promise<Record<Mode, { cpuMs: number; processes: number[] }>> {
  const dir = mkdtempSync(join(tmpdir(), 'fieldstream-solo-'));
  try {
    const script = join(dir, 'probe.mjs');
    await bundleProbe(probe, script);
    const times = new Map<Mode, number[]>(modes.map((mode) => [mode, []]));
    for (let round = 0; round < rounds; round++) {
      for (const mode of modes) {
        const { stdout } = await execFileAsync(process.execPath, [script, mode, 'time', String(batchOf(mode))]);
        const { cpuMs } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { cpuMs?: unknown };
        if (typeof cpuMs !== 'number') throw new Error(`the probe printed no time for ${mode}: ${stdout.slice(-300)}`);
        times.get(mode)?.push(cpuMs);
      }
    }
    const result: Partial<Record<Mode, { cpuMs: number; processes: number[] }>> = {};
    for (const [mode, processes] of times) result[mode] = { cpuMs: median(processes), processes };
    return result as Record<Mode, { cpuMs: number; processes: number[] }>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
