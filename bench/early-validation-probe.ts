/**
 * One fresh process's share of the early-validation cost target (bench/early-validation.bench.ts),
 * on the 256 KB answer of bench/early-validation-answer.ts:
 * - `cpu <pairs>`: after 3 warm-up pairs, `pairs` pairs of runs with early validation on and off
 *   in alternating order, then as many A/A pairs (off and off, the method's own spread); prints
 *   their CPU ms as JSON.
 * - `early <runs>` / `late <runs>`: streams the answer `runs` times, with early validation on or
 *   off, and prints nothing: the bench counts the process's instructions under valgrind's
 *   callgrind, which are deterministic where CPU time on a shared machine is not.
 */
import { type CpuPairs, passingAnswer } from './early-validation-answer';
import { benchDocument } from './json-documents';

const [mode = 'cpu', count = '1'] = process.argv.slice(2);
const answer = benchDocument(256 * 1024);

// First, small answers both ways: V8 settles each class's object layout after its first few
// instances (a response makes several), which throws away compiled code that relied on the old one.
// Both sides then start from the same settled state, whatever is measured next.
const small = benchDocument(4 * 1024);
for (let r = 0; r < 12; r++) {
  await passingAnswer(small, true);
  await passingAnswer(small, false);
}

/** CPU ms of one passing answer, parsed and validated. */
async function cpuMs(early: boolean): Promise<number> {
  const start = process.cpuUsage();
  await passingAnswer(answer, early);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

if (mode === 'cpu') {
  for (let r = 0; r < 3; r++) {
    await cpuMs(true);
    await cpuMs(false);
  }
  const pairs: CpuPairs = { on: [], off: [], aa: [] };
  for (let r = 0; r < Number(count); r++) {
    // Alternating order, so a busy moment of the (shared) machine hits both sides alike.
    const first = r % 2 === 0;
    const a = await cpuMs(first);
    const b = await cpuMs(!first);
    pairs.on.push(first ? a : b);
    pairs.off.push(first ? b : a);
  }
  for (let r = 0; r < Number(count); r++) pairs.aa.push([await cpuMs(false), await cpuMs(false)]);
  console.log(JSON.stringify(pairs));
} else if (mode === 'early' || mode === 'late') {
  for (let r = 0; r < Number(count); r++) await passingAnswer(answer, mode === 'early');
} else throw new Error('mode: cpu, early or late');
