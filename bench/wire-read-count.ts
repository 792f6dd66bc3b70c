/**
 * `npx tsx bench/wire-read-count.ts`: instructions per run of the browser's side of a patch stream
 * (bench/wire-read-probe.ts) under valgrind's callgrind, deterministic where CPU time on a shared
 * machine is not (bench/instruction-count.ts). Decision 0029 quotes it before and after the
 * reader's one tree.
 */
import { instructionsPerRun } from './instruction-count';

const result = await instructionsPerRun(
  'bench/wire-read-probe.ts',
  ['wire', 'wire-store', 'wire-merged'] as const,
  2,
  5,
);
if (typeof result === 'string') console.log(result);
else
  for (const [mode, instructions] of Object.entries(result))
    console.log(`${mode}: ${(instructions / 1e6).toFixed(1)} M instructions per 171 KB answer`);
