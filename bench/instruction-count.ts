/**
 * Instructions per run under valgrind's callgrind: deterministic where CPU time on a shared machine
 * is not (the same build reads the same count to ~0.1 % while no mark-compact moves in or out of
 * the window), so a bench can judge a ratio target on it.
 *
 * A probe script takes `<mode> <runs>` and does its mode's work `runs` times. Each mode is counted in
 * two processes, `firstRuns` and `lastRuns` runs (three with `middleRuns`); the difference divided
 * by the runs between is one run's instructions, so start-up, loading and the first runs' compiling
 * cancel out.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const execFileAsync = promisify(execFile);

/** Deterministic V8: no background threads, fixed seeds, no timing-driven heuristics. */
const DETERMINISTIC_NODE = ['--single-threaded', '--predictable', '--hash-seed=1', '--random-seed=1'];

/**
 * One run's instructions for each mode of `probe` (a TypeScript file), or why they were not
 * counted (no valgrind on this machine). Modes are counted two at a time, one per core.
 */
export async function instructionsPerRun<Mode extends string>(
  probe: string,
  modes: readonly Mode[],
  firstRuns: number,
  lastRuns: number,
): Promise<Record<Mode, number> | string> {
  const totals = await instructionTotals(probe, modes, [firstRuns, lastRuns]);
  if (typeof totals === 'string') return totals;
  const perRun: Partial<Record<Mode, number>> = {};
  for (const mode of modes) perRun[mode] = perRunBetween(totals[mode], [firstRuns, lastRuns], 0, 1);
  return perRun as Record<Mode, number>;
}

/** One run's instructions from `firstRuns` to `lastRuns`, and in each half of that window (`middleRuns` between). */
export type SteadyCount = { perRun: number; halves: [number, number] };

/**
 * Like `instructionsPerRun`, also counted at `middleRuns`: a mark-compact (one per several runs of
 * a large answer) falls in one half of the window or the other, and the halves show how much it
 * moved the figure.
 */
export async function steadyInstructions<Mode extends string>(
  probe: string,
  modes: readonly Mode[],
  firstRuns: number,
  middleRuns: number,
  lastRuns: number,
): Promise<Record<Mode, SteadyCount> | string> {
  const points = [firstRuns, middleRuns, lastRuns];
  const totals = await instructionTotals(probe, modes, points);
  if (typeof totals === 'string') return totals;
  const counts: Partial<Record<Mode, SteadyCount>> = {};
  for (const mode of modes) {
    const total = totals[mode];
    counts[mode] = {
      perRun: perRunBetween(total, points, 0, 2),
      halves: [perRunBetween(total, points, 0, 1), perRunBetween(total, points, 1, 2)],
    };
  }
  return counts as Record<Mode, SteadyCount>;
}

function perRunBetween(totals: readonly number[], points: readonly number[], from: number, to: number): number {
  return ((totals[to] as number) - (totals[from] as number)) / ((points[to] as number) - (points[from] as number));
}

/** Each mode's whole-process count at each number of runs in `points`. */
async function instructionTotals<Mode extends string>(
  probe: string,
  modes: readonly Mode[],
  points: readonly number[],
): Promise<Record<Mode, number[]> | string> {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'valgrind is not installed';
  }
  const dir = mkdtempSync(join(tmpdir(), 'fieldstream-instructions-'));
  try {
    // One bundled script: under valgrind, loading TypeScript through tsx would cost minutes.
    const script = join(dir, 'probe.mjs');
    await bundleProbe(probe, script);
    const count = async (mode: Mode, runs: number): Promise<number> => {
      const out = join(dir, `${mode}-${runs}.callgrind`);
      const { stderr } = await execFileAsync(
        'valgrind',
        [
          '--tool=callgrind',
          `--callgrind-out-file=${out}`,
          process.execPath,
          ...DETERMINISTIC_NODE,
          script,
          mode,
          String(runs),
        ],
        { maxBuffer: 1 << 24 },
      );
      const collected = /Collected\s*:\s*(\d+)/.exec(stderr)?.[1];
      if (collected === undefined) throw new Error(`callgrind printed no count: ${stderr.slice(-500)}`);
      return Number(collected);
    };
    const counted = async (mode: Mode): Promise<number[]> => {
      const totals: number[] = [];
      for (const runs of points) totals.push(await count(mode, runs));
      return totals;
    };
    const counts: Partial<Record<Mode, number[]>> = {};
    for (let i = 0; i < modes.length; i += 2) {
      const pair = modes.slice(i, i + 2);
      const figures = await Promise.all(pair.map(counted));
      for (const [j, mode] of pair.entries()) counts[mode] = figures[j];
    }
    return counts as Record<Mode, number[]>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Bundles a probe (a TypeScript file) into one Node script at `outfile`, from the packages' sources. */
export async function bundleProbe(probe: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [probe],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
    // The packages' sources, as the benches import them (not a build that may be stale).
    conditions: ['@fieldstream/source'],
  });
}
