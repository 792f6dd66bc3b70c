/**
 * `npm run bench`: runs every `bench/*.bench.ts` suite, each in a fresh process (bench/run-suite.ts:
 * an earlier suite's heap and compiled code would otherwise colour a later one's figures — the
 * response bench's 171 KB ratio read 3.3× after the other suites and 2.6× on its own), and prints
 * its tables. A suite's default export is an async function that measures and prints. Pass suite names as
 * arguments to run only those (`npm run bench -- json`). What each suite prints also replaces
 * its block in docs/benchmarks.md (bench/readme-section.ts); `--no-write` skips that.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, loadavg, platform } from 'node:os';
import { join } from 'node:path';
import { BENCHMARKS_DOC, type SuiteOutput, updateBenchSection } from './readme-section';

const args = process.argv.slice(2);
const writeDoc = !args.includes('--no-write');
const only = args.filter((arg) => !arg.startsWith('--'));
const dir = import.meta.dirname;
const suites = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

const environment =
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ` +
  `${platform()} ${arch()}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'} × ${availableParallelism()}, ` +
  `load average ${loadavg()[0]?.toFixed(1)} at the start`;
console.log(`# Fieldstream benchmarks (${environment})`);
const ran: SuiteOutput[] = [];
let failed = false;
for (const file of suites) {
  const { code, output } = await runSuite(file);
  if (code === 0) ran.push({ name: file.replace(/\.bench\.ts$/, ''), markdown: output.replace(/\n$/, '') });
  else {
    // A failed suite keeps its previous block; the run still fails.
    failed = true;
    console.error(`bench ${file} failed (exit code ${code})`);
  }
}
if (writeDoc && ran.length > 0) {
  const doc = join(dir, '..', BENCHMARKS_DOC);
  writeFileSync(doc, updateBenchSection(readFileSync(doc, 'utf8'), environment, ran));
  console.log(`\n${BENCHMARKS_DOC}: benchmark blocks rewritten for ${ran.map((suite) => suite.name).join(', ')}.`);
}
if (failed) process.exitCode = 1;

/** Runs one suite in a fresh Node process: its standard output is shown as it comes and kept. */
function runSuite(file: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(dir, 'run-suite.ts'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      process.stdout.write(text);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
