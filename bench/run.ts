/**
 * `npm run bench`: runs every `bench/*.bench.ts` suite in one process and prints its tables.
 * A suite's default export is an async function that measures and prints. Pass suite names as
 * arguments to run only those (`npm run bench -- json`). What each suite prints also replaces
 * its block in README.md's benchmark section (bench/readme-section.ts); `--no-readme` skips that.
 */
import './register-formats';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, loadavg, platform } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { type SuiteOutput, updateBenchSection } from './readme-section';

const args = process.argv.slice(2);
const writeReadme = !args.includes('--no-readme');
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
const print = console.log;
let failed = false;
for (const file of suites) {
  const lines: string[] = [];
  console.log = (...values: unknown[]) => {
    lines.push(format(...values));
    print(...values);
  };
  try {
    const suite = (await import(join(dir, file))) as { default: () => Promise<void> | void };
    await suite.default();
    ran.push({ name: file.replace(/\.bench\.ts$/, ''), markdown: lines.join('\n') });
  } catch (error) {
    // A failed suite keeps its previous README block; the run still fails.
    failed = true;
    console.error(`bench ${file} failed:`, error);
  } finally {
    console.log = print;
  }
}
if (writeReadme && ran.length > 0) {
  const readme = join(dir, '..', 'README.md');
  writeFileSync(readme, updateBenchSection(readFileSync(readme, 'utf8'), environment, ran));
  console.log(`\nREADME.md: benchmark blocks rewritten for ${ran.map((suite) => suite.name).join(', ')}.`);
}
if (failed) process.exitCode = 1;
